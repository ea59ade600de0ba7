import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleAtBothWidths } from '../../support/axe.ts';
import { useJourney } from '../../support/journey.ts';
import { demo, signedInAs } from '../training/community.ts';
import { seedProgressClass, startProgressServer, taipeiDate } from './progress-data.ts';

/**
 * Issue 23's console home (ADR 0062): staff land on it and see today's session of a class and a hand-in
 * waiting, with the empty states of learners online and recent errors, and follow the hand-in to the class's
 * review queue; a learner's page shows their progress in the class.
 */
describe("the console home and a learner's progress", () => {
  const journey = useJourney({ start: startProgressServer });
  let staff: Page;
  let ids: Awaited<ReturnType<typeof seedProgressClass>>;

  beforeAll(async () => {
    ids = await seedProgressClass(journey.server);
    staff = await signedInAs(journey.browser, journey.server, demo.staff);
  });

  it("the home shows today's session and the pending hand-in, which leads to the class's review queue", async () => {
    await staff.goto('/console/');
    const today = staff.getByTestId('home-today');
    await today.getByText(`今日場次（${taipeiDate(new Date())}）`).waitFor();
    await today
      .getByTestId('home-session')
      .filter({ hasText: '第三週直播' })
      .filter({ hasText: '進度報告班' })
      .waitFor();
    const review = staff
      .getByTestId('home-reviews')
      .getByTestId('home-review')
      .filter({ hasText: '期中作品 · =SUM(1,2)' });
    await review.waitFor();
    await staff.getByTestId('home-online').getByText('目前沒有學員在線上。').waitFor();
    await staff.getByTestId('home-errors').getByText('最近 24 小時沒有錯誤。').waitFor();
    await expectAccessibleAtBothWidths(staff, 'console home');
    await review.getByRole('link').click();
    await staff.waitForURL(new RegExp(`/console/classes/${ids.cls}\\?tab=reviews$`));
    expect(await staff.getByRole('tab', { name: '審核' }).getAttribute('aria-selected')).toBe('true');
    await staff.getByTestId('review-item').filter({ hasText: '我的期中作品' }).waitFor();
  });
  it("the learner's page shows their progress in the class", async () => {
    await staff.setViewportSize({ width: 1280, height: 800 });
    await staff.goto(`/console/learners/${ids.formula}`);
    const section = staff.getByTestId('learner-progress');
    await section.getByRole('heading', { name: '進度報告班' }).waitFor();
    await section.getByText('積分 0 / 30 · 完成 0 / 2 項任務 · 出席 0 / 1 場').waitFor();
    await section
      .getByRole('row', { name: /期中作品/ })
      .getByText('審核中')
      .waitFor();
    await expectAccessibleAtBothWidths(staff, 'console learner progress');
  });
});
