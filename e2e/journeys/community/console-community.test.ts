import { users } from '@atrium/server/db/schema';
import { createSession } from '@atrium/server/modules/account/create-session';
import { ensureAccount } from '@atrium/server/modules/account/ensure-account';
import { makePng } from '@atrium/server/test/test-images';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { signInToConsole } from '../../support/console.ts';
import { useJourney } from '../../support/journey.ts';
import { openBrowser, toastVariant } from '../../support/portal.ts';
import { startCommunityServer } from '../training/community.ts';

/** A `datetime-local` value `minutes` from now in this machine's zone (the browser shares it). */
function localIn(minutes: number): string {
  const d = new Date(Date.now() + minutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The acceptance journey of issue 14 in the console: an admin creates a class with two chapters and three
 * sub-chapters, edits its welcome text, schedules a session whose check-in window opens later, adds a learner
 * by CSV, sets and edits a task and publishes; the learner sees it in the portal, finds check-in not open, then
 * (the window moved to now) checks in, accepts and completes the task and receives the staff notification;
 * the admin sees attendance and completion and issues a certificate that verifies publicly.
 */
describe('running a class from the console', () => {
  const journey = useJourney({ start: startCommunityServer });
  const learnerEmail = 'ahui@example.test';
  let admin: Page;
  let learner: Page;
  let classUrl = '';

  beforeAll(async () => {
    const db = journey.server.app.db;
    await ensureAccount(db, {
      email: learnerEmail,
      password: 'Learner123',
      nickname: '阿慧',
      role: 'learner',
    });
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, learnerEmail));
    const { token } = await createSession(db, { userId: u!.id, ttlDays: 1 });
    const opened = await openBrowser(journey.browser, journey.server);
    await opened.context.addCookies([{ name: 'token', value: token, url: journey.server.baseUrl }]);
    learner = opened.page;
    admin = (await signInToConsole(journey.browser, journey.server, { role: 'admin', nickname: '營運小組' }))
      .page;
    await admin.setViewportSize({ width: 1280, height: 900 });
  });

  it('the admin creates a class, refusing a bad name as the portal does', async () => {
    await admin.getByRole('navigation').getByRole('link', { name: '課程管理' }).click();
    await admin.getByRole('heading', { name: '課程管理', level: 1 }).waitFor();
    await expectAccessible(admin, 'console classes');
    await admin.getByRole('button', { name: '建立', exact: true }).click();
    expect(await admin.getByTestId('error-name').textContent()).toBe('請輸入課程名稱');
    await admin.getByLabel('課程名稱').fill('社群活動設計 第 2 期');
    await admin.getByRole('button', { name: '建立', exact: true }).click();
    await admin.waitForURL(/\/console\/classes\/[0-9a-f-]{36}$/);
    classUrl = admin.url();
    await admin.getByTestId('class-status').filter({ hasText: '草稿' }).waitFor();
  });

  it('edits the class details after creation: refused while invalid, shown at once when saved', async () => {
    await admin.getByRole('tab', { name: '基本資料' }).click();
    const details = admin.getByTestId('class-details');
    await details.getByLabel('課程名稱').fill('');
    expect(await details.getByTestId('error-name').textContent()).toBe('請輸入課程名稱');
    await details.getByLabel('課程名稱').fill('社群活動設計 第 2 期');
    await details.getByLabel('課程簡介').fill('從發想到展演的八週課程');
    await details.getByLabel('歡迎內容（Markdown）').fill('## 歡迎加入第 2 期\n\n每週四晚上見。');
    await expectAccessible(admin, 'console class details');
    await details.getByRole('button', { name: '儲存' }).click();
    expect(await toastVariant(admin, '已儲存')).toBe('success');
    // Kept by the server: a fresh load shows the saved text.
    await admin.reload();
    await admin.getByRole('tab', { name: '基本資料' }).click();
    expect(await admin.getByTestId('class-details').getByLabel('課程簡介').inputValue()).toBe(
      '從發想到展演的八週課程',
    );
    await admin.getByRole('tab', { name: '大綱' }).click();
  });

  it('builds the outline: two chapters, three sub-chapters, content with a table and an image', async () => {
    const outline = admin.getByTestId('outline');
    await admin.getByLabel('新增章節').fill('第 1 章　準備');
    await admin.getByRole('button', { name: '新增' }).last().click();
    await outline.getByRole('heading', { name: '第 1 章　準備' }).waitFor();
    await admin.getByLabel('新增章節').fill('第 2 章　實作');
    await admin.getByRole('button', { name: '新增' }).last().click();
    await outline.getByRole('heading', { name: '第 2 章　實作' }).waitFor();

    await admin.getByLabel('在「第 1 章　準備」新增單元').fill('活動企劃');
    await admin.getByLabel('在「第 1 章　準備」新增單元').press('Enter');
    await outline.getByRole('link', { name: '活動企劃' }).waitFor();
    await admin.getByTestId('outline-chapter').first().getByLabel('類型').selectOption('dashboard');
    await admin.getByLabel('在「第 1 章　準備」新增單元').fill('課程主畫面');
    await admin.getByLabel('在「第 1 章　準備」新增單元').press('Enter');
    await outline.getByRole('link', { name: '課程主畫面' }).waitFor();
    await admin.getByLabel('在「第 2 章　實作」新增單元').fill('期末展演');
    await admin.getByLabel('在「第 2 章　實作」新增單元').press('Enter');
    await outline.getByRole('link', { name: '期末展演' }).waitFor();

    // 尚未開放, shown at once (optimistic) and kept after the server answers.
    // A click, not uncheck(): the switch follows the optimistic cache a tick later, not synchronously.
    await admin.getByLabel('開放「期末展演」').click();
    await expect.poll(() => admin.getByLabel('開放「期末展演」').isChecked()).toBe(false);
    await outline.getByTestId('outline-sub').filter({ hasText: '期末展演' }).getByText('尚未開放').waitFor();
    // Reorder chapters: 第 2 章 up.
    await admin.getByRole('button', { name: '將「第 2 章　實作」上移' }).click();
    await expect
      .poll(async () => outline.getByTestId('outline-chapter').locator('h2').allTextContents())
      .toEqual(['第 2 章　實作', '第 1 章　準備']);
    await admin.getByRole('button', { name: '將「第 2 章　實作」下移' }).click();
    await expect
      .poll(async () => outline.getByTestId('outline-chapter').locator('h2').allTextContents())
      .toEqual(['第 1 章　準備', '第 2 章　實作']);
    await expectAccessible(admin, 'console class outline');

    await outline.getByRole('link', { name: '活動企劃' }).click();
    await admin.getByRole('heading', { name: '編輯單元：活動企劃' }).waitFor();
    await admin
      .getByLabel('內容（Markdown）')
      .fill('## 時程\n\n| 週次 | 內容 |\n|---|---|\n| 1 | 發想 |\n| 2 | 試辦 |');
    await admin.getByLabel('插入圖片').setInputFiles({
      name: 'plan.png',
      mimeType: 'image/png',
      buffer: makePng(30, 10, [10, 160, 90]),
    });
    const preview = admin.getByTestId('sub-preview');
    await preview.locator('img').waitFor();
    expect(await preview.locator('td').allTextContents()).toEqual(['1', '發想', '2', '試辦']);
    // A fake image is refused by content, with the server's message.
    await admin
      .getByLabel('插入圖片')
      .setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
    expect(await toastVariant(admin, '只接受 png、jpeg 或 webp 圖片')).toBe('warning');
    await expectAccessible(admin, 'console sub-chapter editor');
    await admin.getByRole('button', { name: '儲存' }).click();
    expect(await toastVariant(admin, '已儲存')).toBe('success');
  });

  it('schedules a session, adds the learner by CSV, sets a task and publishes', async () => {
    await admin.goto(classUrl);
    await admin.getByRole('tab', { name: '場次與簽到' }).click();
    const form = admin.getByTestId('new-session');
    await form.getByLabel('場次名稱').fill('第 1 堂：發想');
    await form.getByLabel('開始時間').fill(localIn(130));
    await form.getByLabel('結束時間').fill(localIn(125));
    // The check-in window opens two hours from now: not open when the learner first looks.
    await form.getByLabel('簽到開始').fill(localIn(120));
    await form.getByLabel('簽到結束').fill(localIn(180));
    await form.getByRole('button', { name: '排定' }).click();
    await form.getByText('結束時間必須晚於開始時間').waitFor();
    await form.getByLabel('結束時間').fill(localIn(220));
    await form.getByRole('button', { name: '排定' }).click();
    await admin.getByTestId('session-card').filter({ hasText: '第 1 堂：發想' }).waitFor();

    await admin.getByRole('tab', { name: '學員' }).click();
    await admin.getByLabel('匯入 CSV').setInputFiles({
      name: 'members.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`email\n${learnerEmail}\nnobody@example.test\n`),
    });
    const report = admin.getByTestId('member-report');
    await report.getByText('已加入 1 位學員').waitFor();
    expect(await report.locator('tbody tr').allTextContents()).toEqual([
      `2${learnerEmail}已加入`,
      '3nobody@example.test尚無帳號，發布課程時寄出邀請',
    ]);
    // A draft holds its mails until it is published, and the panel says so (issue 36).
    await admin.getByTestId('draft-mail-hint').waitFor();
    await admin.getByTestId('member-table').getByText(learnerEmail).waitFor();
    await expectAccessible(admin, 'console members with the import report');

    await admin.getByRole('tab', { name: '任務' }).click();
    const task = admin.getByTestId('new-task');
    await task.getByLabel('任務名稱').fill('提出活動企劃書');
    await task.getByLabel('截止時間').fill(localIn(3 * 24 * 60));
    await task.getByRole('button', { name: '新增' }).click();
    await admin.getByTestId('task-table').getByText('提出活動企劃書').waitFor();
    // Edit the task's text and due date in place; the row shows the new title at once.
    await admin.getByRole('button', { name: '編輯「提出活動企劃書」' }).click();
    const edit = admin.getByTestId('edit-task');
    await edit.getByLabel('任務名稱').fill('');
    await edit.getByRole('button', { name: '儲存' }).click();
    await edit.getByText('請輸入任務名稱').waitFor();
    await edit.getByLabel('任務名稱').fill('提出活動企劃書（初稿）');
    await edit.getByLabel('任務說明').fill('一頁 A4，寫下目標與時程');
    await edit.getByLabel('截止時間').fill(localIn(5 * 24 * 60));
    await edit.getByRole('button', { name: '儲存' }).click();
    await admin.getByTestId('task-table').getByText('提出活動企劃書（初稿）').waitFor();

    // A class link, then edited: a script address is refused as on creation.
    await admin.getByRole('tab', { name: '連結' }).click();
    const newLink = admin.getByTestId('new-link');
    await newLink.getByLabel('名稱').fill('共筆');
    await newLink.getByLabel('網址（https 或站內路徑）').fill('https://example.test/notes');
    await newLink.getByRole('button', { name: '新增' }).click();
    await admin.getByTestId('link-list').getByText('共筆').waitFor();
    await admin.getByRole('button', { name: '編輯「共筆」' }).click();
    const editLink = admin.getByTestId('edit-link');
    await editLink.getByLabel('網址（https 或站內路徑）').fill('javascript:alert(1)');
    await editLink.getByRole('button', { name: '儲存' }).click();
    await editLink.getByText('連結須為 https 網址或站內路徑').waitFor();
    await editLink.getByLabel('名稱').fill('第 2 期共筆');
    await editLink.getByLabel('網址（https 或站內路徑）').fill('https://example.test/notes-2');
    await editLink.getByRole('button', { name: '儲存' }).click();
    await admin.getByTestId('link-list').getByText('https://example.test/notes-2').waitFor();
    await expectAccessible(admin, 'console links');

    await admin.getByRole('button', { name: '發布', exact: true }).click();
    await admin.getByTestId('class-status').filter({ hasText: '已發布' }).waitFor();
  });

  it('the learner finds check-in not open, then open once the window comes, and checks in', async () => {
    // The learner's page runs on a controlled clock; the server judges the window on its own clock, which
    // has no seam to move, so the window is brought to "now" by the admin rescheduling it (ADR 0040).
    await learner.clock.install({ time: new Date() });
    await learner.goto('/training');
    await learner.getByTestId('class-card').filter({ hasText: '社群活動設計 第 2 期' }).waitFor();
    const classId = classUrl.split('/').at(-1);
    await learner.goto(`/training/${classId}/welcome`);
    await learner.getByRole('heading', { name: '歡迎加入第 2 期' }).waitFor();
    await learner.goto(`/training/${classId}`);
    const status = learner.getByTestId('check-in-status');
    await status.filter({ hasText: '簽到尚未開始' }).waitFor();
    expect(await learner.getByRole('button', { name: '確認簽到' }).isDisabled()).toBe(true);

    // Two hours pass for the learner's page; the admin moves the window so it opened a minute ago.
    await learner.clock.fastForward('02:00:00');
    await admin.goto(classUrl);
    await admin.getByRole('tab', { name: '場次與簽到' }).click();
    await admin.getByRole('button', { name: '編輯「第 1 堂：發想」' }).click();
    const edit = admin.getByTestId('edit-session');
    await edit.getByLabel('簽到開始').fill(localIn(-1));
    await edit.getByLabel('簽到結束').fill(localIn(-2));
    await edit.getByRole('button', { name: '儲存' }).click();
    await edit.getByText('簽到結束時間必須晚於簽到開始時間').waitFor();
    await edit.getByLabel('簽到結束').fill(localIn(60));
    await edit.getByRole('button', { name: '儲存' }).click();
    await admin.getByTestId('edit-session').waitFor({ state: 'detached' });
    await expectAccessible(admin, 'console sessions after rescheduling');

    await learner.reload();
    await status.filter({ hasText: '簽到開放中' }).waitFor();
    await learner.getByRole('button', { name: '確認簽到' }).click();
    expect(await toastVariant(learner, '簽到成功')).toBe('success');
  });

  it('the learner accepts and completes the edited task', async () => {
    const classId = classUrl.split('/').at(-1);

    await learner.goto(`/training/${classId}/board`);
    const sidebar = learner.getByTestId('training-sidebar');
    await sidebar.getByRole('link', { name: '活動企劃' }).click();
    const content = learner.getByTestId('subchapter-content');
    await content.getByRole('heading', { name: '時程' }).waitFor();
    expect(await content.locator('td').allTextContents()).toEqual(['1', '發想', '2', '試辦']);
    await expect
      .poll(() => content.locator('img').evaluate((el) => (el as HTMLImageElement).naturalWidth))
      .toBe(30);

    await learner.goto('/tasks');
    const card = learner.getByTestId('task-card').filter({ hasText: '提出活動企劃書（初稿）' });
    await card.getByRole('button', { name: '接取任務' }).click();
    await learner.goto('/tasks/my');
    await learner
      .getByTestId('task-card')
      .filter({ hasText: '提出活動企劃書' })
      .getByRole('button', { name: '標記完成' })
      .click();
    await learner.getByTestId('group-completed').getByText('提出活動企劃書').waitFor();
  });

  it('the admin sees attendance and completion, notifies the class, and the certificate verifies', async () => {
    await admin.goto(classUrl);
    await admin.getByRole('tab', { name: '場次與簽到' }).click();
    await admin.getByRole('button', { name: '出席' }).click();
    const attendance = admin.getByTestId('attendance');
    await attendance.getByText('已簽到 1 / 1 人').waitFor();
    expect(await attendance.locator('tbody tr').first().textContent()).toContain(learnerEmail);
    await expectAccessible(admin, 'console attendance');

    await admin.getByRole('tab', { name: '任務' }).click();
    await admin.getByTestId('task-completed').filter({ hasText: '1' }).waitFor();

    await admin.getByRole('tab', { name: '證書' }).click();
    await admin.getByRole('button', { name: '核發給完成的學員' }).click();
    const row = admin.getByTestId('certificate-table').locator('tbody tr').filter({ hasText: '阿慧' });
    await row.waitFor();
    const verificationId = (await row.getByRole('link').textContent()) ?? '';

    await admin.getByRole('navigation').getByRole('link', { name: '通知' }).click();
    const compose = admin.getByTestId('compose');
    await compose.getByLabel('課程').selectOption({ label: '社群活動設計 第 2 期' });
    await compose.getByLabel('連結（站內路徑、#/ 路徑或 https）').fill('javascript:alert(1)');
    await compose.getByRole('button', { name: '發送' }).click();
    await compose.getByText('請輸入標題').waitFor();
    await compose.getByText('連結須為站內路徑或 https 網址').waitFor();
    await compose.getByLabel('標題', { exact: true }).fill('第 2 堂改到週四晚上');
    await compose
      .getByLabel('連結（站內路徑、#/ 路徑或 https）')
      .fill(`/training/${classUrl.split('/').at(-1)}`);
    await admin.getByTestId('notify-preview').getByText('第 2 堂改到週四晚上').waitFor();
    await expectAccessible(admin, 'console notifications');
    await compose.getByRole('button', { name: '發送' }).click();
    await admin.getByTestId('broadcast-table').getByText('第 2 堂改到週四晚上').waitFor();

    await learner.goto('/user/messages');
    await learner.getByTestId('message').filter({ hasText: '第 2 堂改到週四晚上' }).waitFor();

    // One learner, found by name among all of them (not only the 20 newest): the list narrows to them.
    await compose.getByLabel('收件對象').selectOption({ label: '一位學員' });
    await compose.getByTestId('learner-search').fill('阿慧');
    await compose.getByText('顯示 1 位，共 1 位符合').waitFor();
    await compose.getByLabel('學員', { exact: true }).selectOption({ label: `阿慧 <${learnerEmail}>` });
    await compose.getByTestId('learner-search').fill('nobody-like-this');
    await compose.getByText('顯示 0 位，共 0 位符合').waitFor();
    // The learner picked stays picked while another search shows no one.
    expect(await compose.getByLabel('學員', { exact: true }).inputValue()).not.toBe('');
    await compose.getByLabel('標題', { exact: true }).fill('阿慧，記得交作業');
    await compose.getByRole('button', { name: '發送' }).click();
    await admin.getByTestId('broadcast-table').getByText('阿慧，記得交作業').waitFor();
    await learner.reload();
    await learner.getByTestId('message').filter({ hasText: '阿慧，記得交作業' }).waitFor();

    const publicPage = (await openBrowser(journey.browser, journey.server)).page;
    await publicPage.goto(`/certificates/${verificationId}`);
    await publicPage.getByTestId('certificate-name').filter({ hasText: '阿慧' }).waitFor();
    expect(await publicPage.getByTestId('certificate-revoked').count()).toBe(0);
  });

  it('an agent reads the class but is offered no change', async () => {
    const agent = (
      await signInToConsole(journey.browser, journey.server, {
        role: 'agent',
        path: classUrl.replace(journey.server.baseUrl, ''),
      })
    ).page;
    await agent.getByTestId('outline').getByRole('link', { name: '活動企劃' }).waitFor();
    expect(await agent.getByRole('button', { name: '取消發布' }).count()).toBe(0);
    expect(await agent.getByLabel('新增章節').count()).toBe(0);
    const status = await agent.evaluate(
      async (url) => {
        const xsrf = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
        const res = await fetch(url, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
          body: JSON.stringify({ published: false }),
        });
        return res.status;
      },
      `/v1/console/community/classes/${classUrl.split('/').at(-1)}`,
    );
    expect(status).toBe(403);
  });

  it('the admin marks attendance by hand, releases a chapter later and copies the class for the next cohort', async () => {
    await admin.goto(classUrl);
    await admin.getByRole('tab', { name: '場次與簽到' }).click();
    await admin.getByRole('button', { name: '出席' }).click();
    const attendance = admin.getByTestId('attendance');
    await attendance.getByLabel('阿慧 的出席狀態').selectOption({ label: '遲到' });
    await attendance.getByText('（工作人員登記）').waitFor();
    await attendance.getByText('已簽到 1 / 1 人').waitFor();
    await attendance.getByLabel('阿慧 的出席狀態').selectOption({ label: '缺席' });
    await attendance.getByText('已簽到 0 / 1 人').waitFor();
    await expectAccessible(admin, 'console attendance marked by hand');

    // 第 2 章 opens in three days: the learner sees it closed, with the date.
    await admin.getByRole('tab', { name: '大綱' }).click();
    await admin.getByRole('button', { name: '設定「第 2 章　實作」的開放時間' }).click();
    await admin.getByLabel('開放時間', { exact: true }).fill(localIn(3 * 24 * 60));
    await admin
      .getByTestId('outline-chapter')
      .filter({ hasText: '第 2 章　實作' })
      .getByRole('button', { name: '儲存' })
      .click();
    await admin.getByTestId('chapter-release').waitFor();
    await learner.goto(`/training/${classUrl.split('/').at(-1)}/board`);
    const chapter = learner.getByTestId('sidebar-chapter').filter({ hasText: '第 2 章　實作' });
    await chapter.getByTestId('chapter-release').filter({ hasText: '開放' }).waitFor();
    await chapter.getByTestId('not-open').first().waitFor();

    await admin.getByRole('button', { name: '複製課程' }).click();
    const dialog = admin.getByRole('dialog', { name: '複製課程給下一梯' });
    expect(await dialog.getByLabel('新課程名稱').inputValue()).toBe('社群活動設計 第 2 期（複本）');
    await expectAccessible(admin, 'console copy class dialog');
    await dialog.getByLabel('新課程名稱').fill('社群活動設計 第 3 期');
    await dialog.getByRole('button', { name: '複製', exact: true }).click();
    await admin.getByRole('heading', { name: '社群活動設計 第 3 期', level: 1 }).waitFor();
    expect(admin.url()).not.toBe(classUrl);
    await admin.getByTestId('class-status').filter({ hasText: '草稿' }).waitFor();
    await admin.getByTestId('outline').getByRole('link', { name: '活動企劃' }).waitFor();
    await admin.getByTestId('chapter-release').waitFor();
    await admin.getByRole('tab', { name: '學員' }).click();
    await admin.getByTestId('member-table').waitFor();
    expect(await admin.getByTestId('member-table').locator('tbody tr').count()).toBe(0);
  });
});
