import { describe, expect, it } from 'vitest';
import { collectConsoleErrors } from '../../support/console-errors.ts';
import { useJourney } from '../../support/journey.ts';
import { openBrowser, PASSWORD, signedUpUser, signOut, submitLogin } from '../../support/portal.ts';
import { demo, seeded, signedInAs, startCommunityServer } from '../training/community.ts';

describe('what a newcomer and staff meet first', () => {
  const journey = useJourney({ start: startCommunityServer });

  it('welcomes a new account, and welcomes it back on its next sign-in', async () => {
    const { context, page } = await openBrowser(journey.browser, journey.server);
    const errors = collectConsoleErrors(page);
    const { email } = await signedUpUser(page, journey.server, '小新');
    const greeting = page.getByTestId('greeting');
    expect(await greeting.textContent()).toBe('小新，歡迎加入！');

    await signOut(page);
    // The browser that verified the address is a known device: no code this time.
    await submitLogin(page, email, PASSWORD);
    await page.waitForURL('**/dashboard');
    expect(await greeting.textContent()).toBe('小新，歡迎回來！');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("tells the demo class's schedule the way its sessions are set, not on fixed weekdays", async () => {
    const page = await signedInAs(journey.browser, journey.server, demo.learner);
    await page.goto(`/training/${seeded.fe}/welcome`);
    await page.getByRole('heading', { name: /歡迎加入前端工程師養成班/ }).waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toMatch(/週二|週四|19:30/);
    expect(text).toContain('課程行事曆');
    await page.context().close();
  });

  it('shows tasks in a staff preview without a way to take or finish them', async () => {
    const staff = await signedInAs(journey.browser, journey.server, demo.staff);
    const errors = collectConsoleErrors(staff);
    await staff.goto(`/training/${seeded.fe}/board`);
    await staff.getByTestId('enter-preview').click();
    await staff.getByTestId('preview-banner').waitFor();
    const cards = staff.getByTestId('task-card');
    await cards.first().waitFor();
    expect(await staff.getByTestId('task-preview-note').count()).toBe(await cards.count());
    expect(await staff.getByRole('button', { name: '接取任務' }).count()).toBe(0);
    expect(await staff.getByRole('button', { name: /完成/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await staff.context().close();
  });
});
