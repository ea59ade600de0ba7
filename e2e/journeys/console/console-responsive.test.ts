import { users } from '@atrium/server/db/schema';
import { seedId } from '@atrium/server/db/seed/seed-community';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { signInToConsole } from '../../support/console.ts';
import { useJourney } from '../../support/journey.ts';
import { demo, seeded, startCommunityServer } from '../training/community.ts';

/** How far the page is wider than the window (0: nothing to scroll sideways). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Issue 23: at 375 px the navigation column stayed and left the work area ~150 px, labels one character a line.
 * Every console screen is opened at a phone's width and a laptop's: nothing scrolls sideways, the screen is
 * accessible, and at the phone's width the navigation is behind a menu button that works.
 */
describe('the console at a phone and a laptop width', () => {
  const journey = useJourney({ start: startCommunityServer });
  let admin: Page;
  let learnerId = '';
  const sub = seedId('sub:fe12:ch1:intro');
  const screens: { path: () => string; name: string }[] = [
    { path: () => '/console/', name: 'home' },
    { path: () => '/console/sessions', name: 'recordings' },
    { path: () => `/console/learners/${learnerId}/sessions`, name: 'a learner’s recordings' },
    { path: () => '/console/issues', name: 'issues' },
    { path: () => '/console/classes', name: 'classes' },
    { path: () => `/console/classes/${seeded.fe}`, name: 'a class' },
    { path: () => `/console/classes/${seeded.fe}/sub-chapters/${sub}`, name: 'the sub-chapter editor' },
    { path: () => '/console/notifications', name: 'notifications' },
    { path: () => '/console/learners', name: 'learners' },
    { path: () => `/console/learners/${learnerId}`, name: 'a learner' },
    { path: () => '/console/settings', name: 'tracker settings' },
    { path: () => '/console/settings/staff', name: 'staff' },
    { path: () => '/console/settings/audit', name: 'audit log' },
    { path: () => '/console/impersonation', name: 'impersonation' },
    { path: () => '/console/live', name: 'learners online' },
    { path: () => '/console/click-maps', name: 'click maps' },
    { path: () => '/console/assist-stats', name: 'assist statistics' },
    // A class's tabs that hold tables: the progress matrix, the review queue, the discussion, the sessions.
    { path: () => `/console/classes/${seeded.fe}?tab=progress`, name: 'a class’s progress' },
    { path: () => `/console/classes/${seeded.fe}?tab=reviews`, name: 'a class’s review queue' },
    { path: () => `/console/classes/${seeded.fe}?tab=discussion`, name: 'a class’s discussion' },
    { path: () => `/console/classes/${seeded.fe}?tab=sessions`, name: 'a class’s sessions' },
  ];

  beforeAll(async () => {
    admin = (await signInToConsole(journey.browser, journey.server, { role: 'admin', nickname: '營運小組' }))
      .page;
    const [learner] = await journey.server.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demo.learner));
    learnerId = learner!.id;
  });

  for (const width of [375, 1280]) {
    for (const screen of screens) {
      it(`shows ${screen.name} at ${width} px without sideways scrolling`, async () => {
        await admin.setViewportSize({ width, height: 800 });
        await admin.goto(screen.path());
        await admin.getByRole('heading', { level: 1 }).first().waitFor();
        await admin.waitForLoadState('networkidle');
        expect(await sidewaysOverflow(admin), 'page wider than the window').toBe(0);
        // The work area keeps most of the window: no column of one character a line.
        const mainWidth = await admin.locator('#main').evaluate((m) => m.getBoundingClientRect().width);
        expect(mainWidth, 'work area width').toBeGreaterThan(width * 0.7);
        await expectAccessible(admin, `${screen.name} at ${width} px`);
      });
    }
  }

  it('at 375 px the copy-class dialog and the attendance table fit and are accessible', async () => {
    await admin.setViewportSize({ width: 375, height: 800 });
    await admin.goto(`/console/classes/${seeded.fe}?tab=sessions`);
    await admin.getByRole('button', { name: '出席' }).first().click();
    await admin.getByTestId('attendance').waitFor();
    expect(await sidewaysOverflow(admin), 'page wider than the window').toBe(0);
    await expectAccessible(admin, 'attendance at 375 px');
    await admin.getByRole('button', { name: '複製課程' }).click();
    const dialog = admin.getByRole('dialog', { name: '複製課程給下一梯' });
    await dialog.waitFor();
    const box = await dialog.locator('.modal-content').boundingBox();
    expect(box!.width, 'dialog width').toBeLessThanOrEqual(375);
    await expectAccessible(admin, 'copy-class dialog at 375 px');
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('at 375 px the navigation is behind the menu button, and it still takes you places', async () => {
    await admin.setViewportSize({ width: 375, height: 800 });
    await admin.goto('/console/');
    await admin.getByRole('heading', { level: 1 }).first().waitFor();
    const nav = admin.getByRole('navigation', { name: '主控台導覽' });
    const menu = admin.getByRole('button', { name: '選單' });
    expect(await nav.getByRole('link', { name: '課程管理' }).isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: '課程管理' }).click();
    await admin.getByRole('heading', { name: '課程管理', level: 1 }).waitFor();
    // Arrived: the menu folds away so the screen is the first thing seen.
    expect(await nav.getByRole('link', { name: '課程管理' }).isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await sidewaysOverflow(admin)).toBe(0);

    await menu.click();
    await nav.getByRole('link', { name: '總覽' }).click();
    await admin.waitForURL(/\/console\/?$/);

    // At a laptop's width the navigation is always there and the menu button is not.
    await admin.setViewportSize({ width: 1280, height: 800 });
    expect(await nav.getByRole('link', { name: '課程管理' }).isVisible()).toBe(true);
    expect(await menu.isVisible()).toBe(false);
  });
});
