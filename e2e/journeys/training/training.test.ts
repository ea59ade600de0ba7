import { subChapters } from '@atrium/server/db/schema';
import { seedId } from '@atrium/server/db/seed/seed-community';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { useJourney } from '../../support/journey.ts';
import { openBrowser, toastVariant } from '../../support/portal.ts';
import { demo, postFromPage, seeded, signedInAs, startCommunityServer } from './community.ts';
import { icsDate, parseIcs } from './ics.ts';

describe('live training classes on the demo community', () => {
  const journey = useJourney({ start: startCommunityServer });
  let page: Page;
  beforeAll(async () => {
    page = await signedInAs(journey.browser, journey.server, demo.learner);
  });

  const sidebar = () => page.getByTestId('training-sidebar');
  const openBoard = async (id = seeded.fe) => {
    await page.goto(`/training/${id}/board`);
    await sidebar().waitFor();
  };

  it('lists my classes', async () => {
    await page.goto('/training');
    await page.getByTestId('class-card').first().waitFor();
    const names = await page.getByTestId('class-card').locator('h2').allTextContents();
    expect(names).toEqual(['資料分析實戰營', '前端工程師養成班 第 12 期', 'UI/UX 設計入門 第 3 期']);
    await expectAccessible(page, '/training');
  });

  it('checks in inside the window and is refused outside it', async () => {
    await page.goto(`/training/${seeded.fe}`);
    const status = page.getByTestId('check-in-status');
    await status.filter({ hasText: '簽到開放中' }).waitFor();
    expect(await page.getByTestId('session-title').textContent()).toBe('第 3 週：Flexbox 實作課');
    await expectAccessible(page, '/training/{id} (check-in)');
    await page.getByRole('button', { name: '確認簽到' }).click();
    await status.filter({ hasText: /你已於 .+ 完成簽到/ }).waitFor();
    expect(await toastVariant(page, '簽到成功')).toBe('success');

    // 資料分析實戰營: the next window opens tomorrow. The button says so, and the server refuses anyway.
    await page.goto(`/training/${seeded.data}`);
    await status.filter({ hasText: '簽到尚未開始' }).waitFor();
    expect(await page.getByRole('button', { name: '確認簽到' }).isDisabled()).toBe(true);
    expect(await postFromPage(page, `/v1/training-classes/${seeded.data}/check-in`)).toEqual({
      status: 400,
      code: 'check_in_not_open',
    });
    // UI/UX: long over.
    await page.goto(`/training/${seeded.uiux}`);
    await status.filter({ hasText: /完成簽到|簽到時間已結束/ }).waitFor();
    expect(await postFromPage(page, `/v1/training-classes/${seeded.uiux}/check-in`)).toMatchObject({
      code: 'check_in_closed',
    });
  });

  it('shows the welcome page', async () => {
    await page.goto(`/training/${seeded.fe}/welcome`);
    await page.getByRole('heading', { name: '歡迎來到 前端工程師養成班 第 12 期' }).waitFor();
    await expectAccessible(page, '/training/{id}/welcome');
    await page.getByRole('link', { name: '進入課程' }).click();
    await page.waitForURL(`**/training/${seeded.fe}/board`);
  });

  it('opens each sub-chapter type from the sidebar', async () => {
    await openBoard();
    await page.getByRole('heading', { name: '前端工程師養成班 第 12 期', level: 1 }).waitFor();
    await expectAccessible(page, '/training/{id}/board');

    // Rich text, in place.
    await sidebar().getByRole('link', { name: '課程介紹' }).click();
    await page.waitForURL(`**/board/content/${seeded.sub('fe12', 'ch1', 'intro')}`);
    const content = page.getByTestId('subchapter-content');
    await content.getByRole('heading', { name: '每週節奏' }).waitFor();
    expect(await content.getByRole('link', { name: 'MDN 中文文件' }).getAttribute('target')).toBe('_blank');
    await expectAccessible(page, 'board content (markdown)');

    // Video, in place.
    await sidebar().getByRole('link', { name: '課前說明會錄影' }).click();
    await content.and(page.locator('[data-type="video"]')).waitFor();
    expect(await content.locator('iframe').getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
    );
    await expectAccessible(page, 'board content (video)');

    // Live class, in place with a way out to a new tab.
    await sidebar().getByRole('link', { name: '直播：Flexbox 實作課' }).click();
    await content.and(page.locator('[data-type="live"]')).waitFor();
    expect(await content.locator('iframe').getAttribute('src')).toBe(
      'https://meet.jit.si/atrium-fe12-flexbox',
    );
    expect(await content.getByRole('link', { name: '進入直播教室' }).getAttribute('target')).toBe('_blank');

    // https link: a new tab.
    const mdn = sidebar().getByRole('link', { name: /MDN 學習資源/ });
    expect(await mdn.getAttribute('href')).toBe('https://developer.mozilla.org/zh-TW/docs/Learn');
    expect(await mdn.getAttribute('target')).toBe('_blank');
    const [popup] = await Promise.all([page.context().waitForEvent('page'), mdn.click()]);
    expect(popup.url()).toBe('https://developer.mozilla.org/zh-TW/docs/Learn');
    await popup.close();

    // dashboard type: the class main screen.
    await sidebar().getByRole('link', { name: '班級主頁' }).click();
    await page.waitForURL(`**/training/${seeded.fe}/board`);

    // Hash path: inside the portal.
    await sidebar().getByRole('link', { name: '我的任務' }).click();
    await page.waitForURL('**/tasks/my');
  });

  it('marks items that are not open and refuses their content', async () => {
    await openBoard();
    const quiz = sidebar().getByTestId('sidebar-item').filter({ hasText: '課後測驗' });
    expect(await quiz.getByTestId('not-open').textContent()).toBe('尚未開放');
    expect(await quiz.getByRole('link').count()).toBe(0);
    const chapter3 = sidebar().getByTestId('sidebar-chapter').filter({ hasText: '第 3 章' });
    expect(await chapter3.getByTestId('not-open').count()).toBe(3);
    // Typing the address does not help: the server refuses it.
    await page.goto(`/training/${seeded.fe}/board/content/${seeded.sub('fe12', 'ch2', 'quiz')}`);
    expect(await page.getByTestId('content-refused').textContent()).toContain('此單元尚未開放');
    await expectAccessible(page, 'board content (not open)');
  });

  it('caches sub-chapter content: a second open makes no request', async () => {
    await openBoard();
    const requests: string[] = [];
    page.on('request', (request) => {
      // The content, not the discussion thread below it (…/posts), which is live and fetched on each open.
      if (request.url().includes('/subchapters/') && !request.url().includes('/posts'))
        requests.push(request.url());
    });
    const open = async (name: string, heading: string) => {
      await sidebar().getByRole('link', { name }).click();
      await page
        .getByTestId('subchapter-content')
        .getByRole('heading', { name: heading, level: 1 })
        .waitFor();
    };
    await open('課程介紹', '課程介紹');
    await open('語意化 HTML', '語意化 HTML');
    expect(requests).toHaveLength(2);
    await open('課程介紹', '課程介紹');
    await open('語意化 HTML', '語意化 HTML');
    expect(requests).toHaveLength(2);
    expect(requests.every((url) => url.endsWith('?preview=0'))).toBe(true);
  });

  it('collapses chapters and the sidebar, also on a phone', async () => {
    await openBoard();
    const chapterButton = sidebar().getByRole('button', { name: /第 1 章/ });
    expect(await chapterButton.getAttribute('aria-expanded')).toBe('true');
    await chapterButton.click();
    expect(await chapterButton.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebar().getByRole('link', { name: '課程介紹' }).isVisible()).toBe(false);
    await chapterButton.click();
    await page.getByTestId('sidebar-toggle').click();
    expect(await sidebar().isVisible()).toBe(false);
    await page.getByTestId('sidebar-toggle').click();
    await sidebar().waitFor();

    // On a phone the sidebar starts closed, opens on demand and closes again after a pick.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/training/${seeded.fe}/board`);
    const toggle = page.getByTestId('sidebar-toggle');
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expectAccessible(page, 'board on a phone');
    await toggle.click();
    await sidebar().getByRole('link', { name: '課程介紹' }).click();
    await page.getByTestId('subchapter-content').waitFor();
    expect(await sidebar().isVisible()).toBe(false);
    await toggle.click();
    // The class name leads back to the board.
    await page.getByTestId('sidebar-class-name').click();
    await page.waitForURL(`**/training/${seeded.fe}/board`);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('ignores a preview setting left in the browser for a learner: the class opens as usual (issue 23)', async () => {
    await page.goto('/training');
    await page.evaluate(() => localStorage.setItem('previewStatus', 'preview'));
    await page.goto(`/training/${seeded.fe}/board`);
    await sidebar().waitFor();
    expect(await page.getByTestId('preview-banner').count()).toBe(0);
    expect(await page.getByText('只有工作人員可以使用預覽模式').count()).toBe(0);
    await page.evaluate(() => localStorage.removeItem('previewStatus'));
  });

  it('shows unpublished content to staff in preview mode', async () => {
    const staff = await signedInAs(journey.browser, journey.server, demo.staff);
    const loads: string[] = [];
    staff.on('request', (request) => {
      if (request.url().includes(`/v1/training-classes/${seeded.fe}?`)) loads.push(request.url());
    });
    await staff.goto(`/training/${seeded.fe}/board`);
    const staffSidebar = staff.getByTestId('training-sidebar');
    await staffSidebar.waitFor();
    expect(await staffSidebar.getByText('第 4 章　React 入門（籌備中）').count()).toBe(0);
    await staff.getByTestId('enter-preview').click();
    await staff.getByTestId('preview-banner').waitFor();
    await staffSidebar.getByText('第 4 章　React 入門（籌備中）').waitFor();
    await staffSidebar.getByRole('link', { name: /作業解說（草稿）/ }).click();
    await staff
      .getByTestId('subchapter-content')
      .getByRole('heading', { name: '作業解說', level: 2 })
      .waitFor();
    expect(loads.at(-1)).toMatch(/preview=1$/);
    await expectAccessible(staff, 'board in preview mode');
    await staff.getByRole('button', { name: '回到一般模式' }).click();
    await staff.getByTestId('preview-banner').waitFor({ state: 'detached' });
    await staff.goto(`/training/${seeded.fe}/board`);
    await staffSidebar.waitFor();
    expect(await staffSidebar.getByText('第 4 章　React 入門（籌備中）').count()).toBe(0);
    await staff.context().close();
  });

  it('staff in preview open a not-open sub-chapter, then view as a learner without preview in the way (issue 23)', async () => {
    const staff = await signedInAs(journey.browser, journey.server, demo.staff);
    await staff.goto(`/training/${seeded.fe}/board`);
    await staff.getByTestId('enter-preview').click();
    await staff.getByTestId('preview-banner').waitFor();
    // 課後測驗 is not open to learners yet; in preview staff read it before opening it.
    await staff
      .getByTestId('training-sidebar')
      .getByRole('link', { name: /課後測驗/ })
      .click();
    await staff
      .getByTestId('subchapter-content')
      .getByRole('heading', { name: '課後測驗', level: 1 })
      .waitFor({ timeout: 10_000 });

    // The same browser now views the portal as a learner (the console's impersonation link).
    const minted = await staff.evaluate(async (email) => {
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const res = await fetch('/v1/console/impersonation', {
        method: 'POST',
        headers: { 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
        body: JSON.stringify({ email, seconds: 300 }),
      });
      return (await res.json()) as { portal_path: string };
    }, demo.learner);
    await staff.goto(minted.portal_path);
    await staff.getByTestId('impersonation-banner').waitFor();
    await staff.goto(`/training/${seeded.fe}/board`);
    await staff.getByTestId('training-sidebar').waitFor();
    // What the learner sees: no preview banner, no unpublished chapter, no 403 toast.
    expect(await staff.getByTestId('preview-banner').count()).toBe(0);
    expect(await staff.getByText('第 4 章　React 入門（籌備中）').count()).toBe(0);
    expect(await staff.getByText('只有工作人員可以使用預覽模式').count()).toBe(0);
    await staff.context().close();
  });

  it('draws a Markdown table as the console preview does: ruled cells, the width of the content (issue 23)', async () => {
    const db = journey.server.app.db;
    const id = seedId('sub:fe12:ch1:intro');
    const [row] = await db
      .select({ content: subChapters.content })
      .from(subChapters)
      .where(eq(subChapters.id, id));
    await db
      .update(subChapters)
      .set({ content: `${row!.content}\n\n| 週 | 主題 |\n| --- | --- |\n| 1 | HTML 與 CSS |\n` })
      .where(eq(subChapters.id, id));
    try {
      const learner = await signedInAs(journey.browser, journey.server, demo.learner);
      await learner.goto(`/training/${seeded.fe}/board/content/${seeded.sub('fe12', 'ch1', 'intro')}`);
      const cell = learner.getByTestId('subchapter-content').getByRole('cell', { name: 'HTML 與 CSS' });
      await cell.waitFor();
      const look = await cell.evaluate((td) => {
        const style = getComputedStyle(td);
        const table = td.closest('table')!;
        return {
          border: style.borderLeftWidth,
          padding: style.paddingTop,
          fills:
            table.getBoundingClientRect().width >= table.parentElement!.getBoundingClientRect().width - 1,
        };
      });
      // Bootstrap's .table.table-sm.table-bordered, which the console's preview 「學員看到的樣子」 applies.
      expect(look).toEqual({ border: '1px', padding: '4px', fills: true });
      await learner.context().close();
    } finally {
      await db.update(subChapters).set({ content: row!.content }).where(eq(subChapters.id, id));
    }
  });

  it('subscribes to the calendar feed, which a calendar app can read without cookies', async () => {
    await openBoard();
    await page.getByRole('button', { name: '訂閱行事曆' }).click();
    const url = await page.getByTestId('calendar-feed-url').inputValue();
    const path = new URL(url).pathname;
    expect(path).toMatch(/^\/v1\/calendar\/[\w-]+\.ics$/);
    const res = await fetch(`${journey.server.baseUrl}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    const { calendar, events } = parseIcs(await res.text());
    expect(calendar.VERSION).toBe('2.0');
    const flexbox = events.find((e) => e.SUMMARY === '前端工程師養成班 第 12 期：第 3 週：Flexbox 實作課');
    expect(flexbox).toBeDefined();
    expect(icsDate(flexbox!.DTEND!).getTime()).toBeGreaterThan(icsDate(flexbox!.DTSTART!).getTime());
    expect(events.some((e) => e.SUMMARY === '任務截止：切版練習：餐廳網站首頁')).toBe(true);
    expect(events.some((e) => e.SUMMARY?.includes('後端 API 設計工作坊'))).toBe(false);
    expect(new Set(events.map((e) => e.UID)).size).toBe(events.length);
    // A new address revokes the old one.
    await page.getByRole('button', { name: '產生新的訂閱網址' }).click();
    await page
      .getByTestId('calendar-feed-url')
      .and(page.locator(`:not([value="${url}"])`))
      .waitFor();
    expect((await fetch(`${journey.server.baseUrl}${path}`)).status).toBe(404);
  });

  it('prints a certificate anyone can verify', async () => {
    await openBoard(seeded.uiux);
    const link = page.getByTestId('certificate').getByRole('link');
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/certificates\/ATR-[0-9A-F]{8}$/);
    const stranger = await openBrowser(journey.browser, journey.server);
    await stranger.page.goto(href);
    expect(await stranger.page.getByTestId('certificate-name').textContent()).toBe('學員小安');
    expect(await stranger.page.getByTestId('certificate-sheet').textContent()).toContain(
      'UI/UX 設計入門 第 3 期',
    );
    await expectAccessible(stranger.page, '/certificates/{verificationId}');
    await stranger.page.goto('/certificates/ATR-00000000');
    await stranger.page.getByTestId('certificate-invalid').waitFor();
    await stranger.context.close();
  });
});
