import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectConsoleErrors } from '../../support/console-errors.ts';
import { useJourney } from '../../support/journey.ts';
import { demo, signedInAs, startCommunityServer } from '../training/community.ts';

/**
 * Holds every request to `pattern` until `release()`: the real answer then goes through, late (a slow link,
 * not a fake answer).
 */
async function holdRequests(page: Page, pattern: string) {
  const held: Route[] = [];
  let open = false;
  await page.route(pattern, (route) => {
    if (open) return route.continue();
    held.push(route);
  });
  return {
    release: async () => {
      open = true;
      await Promise.all(held.map((r) => r.continue()));
    },
  };
}

/** The first `times` requests to `pattern` fail at the gateway with 503; later ones reach the server. */
async function failFirst(page: Page, pattern: string, times = 1) {
  let failed = 0;
  await page.route(pattern, (route) => {
    if (failed >= times) return route.continue();
    failed++;
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: '伺服器暫時無法處理', code: 'unavailable' }),
    });
  });
}

describe('loading and error states that tell the truth', () => {
  const journey = useJourney({ start: startCommunityServer });

  it('shows placeholders, not "nothing scheduled", while the dashboard is still loading', async () => {
    const page = await signedInAs(journey.browser, journey.server, demo.learner);
    const errors = collectConsoleErrors(page);
    const classes = await holdRequests(page, '**/v1/training-classes/**');
    const tasks = await holdRequests(page, '**/v1/tasks/board');
    await page.goto('/dashboard');
    await page.getByTestId('dash-next-skeleton').waitFor();
    await page.getByTestId('dash-due-skeleton').waitFor();
    const nextCard = page.getByTestId('dash-next-session');
    const dueCard = page.getByTestId('dash-due-soon');
    expect(await nextCard.textContent()).not.toContain('目前沒有排定的課堂。');
    expect(await dueCard.textContent()).not.toContain('近期沒有要到期的任務。');

    await classes.release();
    await tasks.release();
    // The demo learner has sessions and tasks: the answer fills the cards, still no empty state.
    await nextCard.getByRole('link', { name: '簽到' }).waitFor();
    expect(await page.getByTestId('dash-next-skeleton').count()).toBe(0);
    expect(await nextCard.textContent()).not.toContain('目前沒有排定的課堂。');
    expect(await page.getByTestId('dash-due-skeleton').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows a failed profile load in place with its status code, toasts it once, and retries', async () => {
    const page = await signedInAs(journey.browser, journey.server, demo.learner);
    // Three: the first try and the query's two automatic retries of a 5xx.
    await failFirst(page, '**/v1/user/profile', 3);
    await page.goto('/user');
    const failure = page.getByTestId('load-failure');
    await failure.waitFor({ timeout: 15_000 });
    expect(await failure.textContent()).toContain('503');
    // Spec §8: the toast carries the status code and the server's message, and it says so once.
    const toast = page.getByTestId('toast').filter({ hasText: '503 伺服器暫時無法處理' });
    await toast.waitFor();
    expect(await page.getByText('伺服器暫時無法處理').count()).toBe(1);

    await failure.getByRole('button', { name: '重試' }).click();
    await page.getByLabel('暱稱').waitFor();
    expect(await page.getByLabel('暱稱').inputValue()).toBe('學員小安');
    expect(await page.getByTestId('load-failure').count()).toBe(0);
    await page.context().close();
  });

  it('toasts a class that cannot be opened with its status code, and says it in place once', async () => {
    const page = await signedInAs(journey.browser, journey.server, demo.learner);
    await page.goto('/training/00000000-0000-4000-8000-000000000000/board');
    await page.getByTestId('class-error').waitFor();
    await page.getByTestId('toast').filter({ hasText: '404 找不到這個課程' }).waitFor();
    expect(await page.getByText('找不到這個課程').count()).toBe(1);
    expect(await page.getByTestId('class-error').textContent()).toContain('404');
    await page.context().close();
  });

  it('toasts a check-in page that cannot load with its status code, as the board does', async () => {
    const page = await signedInAs(journey.browser, journey.server, demo.learner);
    await page.goto('/training/00000000-0000-4000-8000-000000000000');
    // Spec §8 and issue 36: 「404 找不到這個課程」, not the message alone.
    await page.getByTestId('toast').filter({ hasText: '404 找不到這個課程' }).waitFor();
    await page.context().close();
  });

  it('shows failed task and dashboard loads in place and recovers on retry', async () => {
    const page = await signedInAs(journey.browser, journey.server, demo.learner);
    const errors = collectConsoleErrors(page);
    // Three: the first try and the query's two automatic retries of a 5xx.
    await failFirst(page, '**/v1/tasks/board', 3);
    await page.goto('/dashboard');
    const failure = page.getByTestId('dash-due-failure');
    await failure.waitFor({ timeout: 15_000 });
    await failure.getByRole('button', { name: '重試' }).click();
    await page.getByTestId('dash-due-task').first().waitFor();
    expect(await page.getByTestId('dash-due-failure').count()).toBe(0);
    // The browser reports the refused loads itself; nothing else may be logged.
    expect(errors.filter((e) => !e.includes('503'))).toEqual([]);
    await page.context().close();
  });
});
