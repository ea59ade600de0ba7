import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleAtBothWidths } from '../../support/axe.ts';
import { useJourney } from '../../support/journey.ts';
import { demo, signedInAs } from '../training/community.ts';
import { seedProgressClass, startProgressServer, taipeiDate } from './progress-data.ts';

/**
 * Issue 23's progress report (ADR 0062): staff open the class's 進度 tab, sort it by points, download the CSV
 * in that order and read it; the matrix holds at a phone's width (the learner's page: console-home.test.ts).
 */
describe('the progress report', () => {
  const journey = useJourney({ start: startProgressServer });
  let staff: Page;
  let ids: Awaited<ReturnType<typeof seedProgressClass>>;

  beforeAll(async () => {
    ids = await seedProgressClass(journey.server);
    staff = await signedInAs(journey.browser, journey.server, demo.staff);
  });

  it('the 進度 tab sorts by points and the CSV comes down in that order, Excel-ready and formula-safe', async () => {
    await staff.setViewportSize({ width: 1280, height: 800 });
    await staff.goto(`/console/classes/${ids.cls}`);
    await staff.getByRole('tab', { name: '進度' }).click();
    const rows = staff.getByTestId('progress-row');
    await rows.first().waitFor();
    const learners = () => rows.locator('th').allInnerTexts();
    // By name first: "=" sorts before Chinese.
    expect((await learners()).map((t) => t.split('\n')[0])).toEqual(['=SUM(1,2)', '王小明']);
    await staff.getByRole('button', { name: '積分' }).click();
    await staff
      .getByRole('columnheader', { name: /積分/ })
      .and(staff.locator('[aria-sort="descending"]'))
      .waitFor();
    await staff.waitForFunction(() =>
      document.querySelector('[data-testid="progress-row"] th')?.textContent?.startsWith('王小明'),
    );
    const first = rows.first();
    expect(await first.getByText('已完成').count()).toBe(1);
    expect(await rows.nth(1).getByText('審核中').count()).toBe(1);
    await expectAccessibleAtBothWidths(staff, 'console progress report');

    const link = staff.getByRole('link', { name: '下載 CSV' });
    const download = await Promise.all([staff.waitForEvent('download'), link.click()]).then(([d]) => d);
    expect(download.suggestedFilename()).toBe(`進度報告班-學習進度-${taipeiDate(new Date())}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toMatch(
      /^學員,Email,總積分,完成任務,任務總數,出席場次,已舉行場次,最後活動（台北時間）,期中作品｜狀態,期中作品｜積分,期中作品｜最後活動,首頁切版｜狀態/,
    );
    // Sorted by points as on screen; Taipei time (16:30 UTC is 00:30 the next day); the formula defused and
    // quoted for its comma.
    expect(lines[1]).toMatch(
      /^王小明,wang@example\.test,10,1,2,0,1,2026-03-02 00:30,未接受,0,,已完成,10,2026-03-02 00:30,缺席$/,
    );
    expect(lines[2]).toMatch(
      /^"'=SUM\(1,2\)",formula@example\.test,0,0,2,0,1,2020-01-02 08:00,審核中,0,2020-01-02 08:00,未接受,0,,缺席$/,
    );
  });

  it('at 375 px the matrix scrolls inside its frame with the learner column held', async () => {
    await staff.setViewportSize({ width: 375, height: 800 });
    const frame = staff.getByRole('region', { name: '學習進度' });
    const learner = staff.getByTestId('progress-row').first().locator('th');
    const before = (await learner.boundingBox())!;
    const scrolled = await frame.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
      return el.scrollLeft;
    });
    expect(scrolled).toBeGreaterThan(0);
    const after = (await learner.boundingBox())!;
    expect(after.x).toBe(before.x);
    // The page itself does not scroll sideways.
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
