import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { useJourney } from '../../support/journey.ts';
import { demo, seeded, signedInAs, startCommunityServer } from '../training/community.ts';

describe('task board and dashboard on the demo community', () => {
  const journey = useJourney({ start: startCommunityServer });
  let page: Page;
  beforeAll(async () => {
    page = await signedInAs(journey.browser, journey.server, demo.learner);
  });

  const group = (name: 'available' | 'accepted' | 'completed' | 'expired') =>
    page.getByTestId(`group-${name}`);
  const titlesIn = (name: 'available' | 'accepted' | 'completed' | 'expired') =>
    group(name).getByTestId('task-card').locator('a').allTextContents();
  const feProgress = () => page.getByTestId(`dash-progress-${seeded.fe}`).getAttribute('data-percent');

  it('shows the four groups', async () => {
    await page.goto('/tasks');
    await group('available').getByTestId('task-card').first().waitFor();
    expect(await titlesIn('available')).toContain('閱讀 Flexbox 指南並寫筆記');
    expect(await titlesIn('accepted')).toEqual(['切版練習：餐廳網站首頁', '清理空氣品質資料集']);
    expect(await titlesIn('completed')).toContain('設定開發環境');
    expect(await titlesIn('expired')).toEqual(['HTML 語意化小測驗']);
    await expectAccessible(page, '/tasks');
  });

  it('puts what a learner needs first on the dashboard', async () => {
    await page.goto('/dashboard');
    await page.getByTestId('dash-next-session').getByText('第 3 週：Flexbox 實作課').waitFor();
    await page.getByTestId('dash-unread-count').filter({ hasText: '4' }).waitFor();
    const due = page.getByTestId('dash-due-task');
    await due.first().waitFor();
    expect(await due.first().textContent()).toContain('切版練習：餐廳網站首頁');
    expect(await feProgress()).toBe('20');
    await expectAccessible(page, '/dashboard');
  });

  it('accepts and completes a task; it moves on the board and the dashboard follows', async () => {
    await page.goto('/tasks');
    const card = group('available').getByTestId('task-card').filter({ hasText: '閱讀 Flexbox 指南並寫筆記' });
    await card.getByRole('button', { name: '接取任務' }).click();
    await group('accepted').getByText('閱讀 Flexbox 指南並寫筆記').waitFor();
    expect(await titlesIn('available')).not.toContain('閱讀 Flexbox 指南並寫筆記');

    await page.getByRole('link', { name: '儀表板' }).or(page.locator('a.navbar-brand')).first().click();
    await page.waitForURL('**/dashboard');
    await page
      .getByTestId('dash-due-task')
      .filter({ hasText: '閱讀 Flexbox 指南並寫筆記' })
      .filter({ hasText: '進行中' })
      .waitFor();

    await page.goto('/tasks/my');
    const mine = group('accepted').getByTestId('task-card').filter({ hasText: '閱讀 Flexbox 指南並寫筆記' });
    await mine.getByRole('button', { name: '標記完成' }).click();
    await group('completed').getByText('閱讀 Flexbox 指南並寫筆記').waitFor();
    expect(await titlesIn('accepted')).not.toContain('閱讀 Flexbox 指南並寫筆記');
    await expectAccessible(page, '/tasks/my');

    await page.goto('/dashboard');
    await page.getByTestId(`dash-progress-${seeded.fe}`).and(page.locator('[data-percent="40"]')).waitFor();
    expect(
      await page.getByTestId('dash-due-task').filter({ hasText: '閱讀 Flexbox 指南並寫筆記' }).count(),
    ).toBe(0);
  });

  it('shows an expired task in history', async () => {
    await page.goto('/tasks/history');
    await group('expired').getByText('HTML 語意化小測驗').waitFor();
    expect(await group('expired').getByRole('button').count()).toBe(0);
    await expectAccessible(page, '/tasks/history');
  });

  it('describes one task and takes it from there', async () => {
    await page.goto(`/tasks/${seeded.task('fe12', 'portfolio')}`);
    await page.getByRole('heading', { name: '完成個人作品集首頁', level: 1 }).waitFor();
    expect(await page.getByTestId('task-state').textContent()).toBe('可接取');
    await expectAccessible(page, '/tasks/{id}');
    await page.getByRole('button', { name: '接取任務' }).click();
    await page.getByTestId('task-state').filter({ hasText: '進行中' }).waitFor();
    // A task of a class I am not in is simply not there.
    await page.goto(`/tasks/${seeded.task('api', 'spec')}`);
    await page.getByText('找不到這個任務。').waitFor();
  });
});
