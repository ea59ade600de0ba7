import { users } from '@atrium/server/db/schema';
import { createSession } from '@atrium/server/modules/account/create-session';
import { ensureAccount } from '@atrium/server/modules/account/ensure-account';
import { makePng } from '@atrium/server/test/test-images';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { useJourney } from '../../support/journey.ts';
import { openBrowser, toastVariant } from '../../support/portal.ts';
import { demo, startCommunityServer } from '../training/community.ts';

const base = '/v1/console/community';
const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/**
 * The community team runs a class end to end and a learner lives it in the portal: the admin builds the
 * class (two chapters, three sub-chapters, an uploaded image), schedules a session, adds the learner by CSV,
 * sets a task and publishes; the learner sees it, checks in once the window opens, accepts and completes the
 * task and reads the staff notification; the admin sees attendance and completion, and the certificate
 * verifies publicly until it is revoked.
 *
 * The admin's side goes through the console API as the console calls it (Bearer session of an admin).
 */
describe('running a class from the console API, lived in the portal', () => {
  const journey = useJourney({ start: startCommunityServer });
  let adminToken = '';
  let page: Page;
  const learnerEmail = 'xiaoxin@example.test';

  const admin = async (method: string, url: string, payload?: unknown, status = 200) => {
    const res = await journey.server.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${adminToken}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.body ? res.json() : null;
  };

  beforeAll(async () => {
    const db = journey.server.app.db;
    const tokenOf = async (email: string) => {
      const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return (await createSession(db, { userId: u!.id, ttlDays: 1 })).token;
    };
    adminToken = await tokenOf(demo.staff);
    await ensureAccount(db, {
      email: learnerEmail,
      password: 'Learner123',
      nickname: '小新',
      role: 'learner',
    });
    const { context, page: p } = await openBrowser(journey.browser, journey.server);
    await context.addCookies([
      { name: 'token', value: await tokenOf(learnerEmail), url: journey.server.baseUrl },
    ]);
    page = p;
  });

  let cls: { id: string };
  let intro: { id: string; chapter_id: string };
  let session: { id: string };
  let task: { id: string };

  it('the admin builds, staffs and publishes a class', async () => {
    cls = await admin(
      'POST',
      `${base}/classes`,
      { name: '社群經營實務 第 1 期', description: '後台建立的課程' },
      201,
    );
    const ch1 = await admin('POST', `${base}/classes/${cls.id}/chapters`, { name: '第 1 章　開始' }, 201);
    const ch2 = await admin('POST', `${base}/classes/${cls.id}/chapters`, { name: '第 2 章　進階' }, 201);
    const image = await journey.server.app.inject({
      method: 'POST',
      url: `${base}/course-images`,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'image/png' },
      payload: makePng(40, 20, [30, 120, 200]),
    });
    expect(image.statusCode).toBe(201);
    intro = await admin(
      'POST',
      `${base}/chapters/${ch1.id}/sub-chapters`,
      {
        name: '課程地圖',
        type: 'markdown',
        content: `## 每週節奏\n\n| 週次 | 主題 |\n|---|---|\n| 1 | 破冰 |\n| 2 | 活動設計 |\n\n${image.json().markdown}\n\n<script>alert(1)</script>`,
      },
      201,
    );
    await admin(
      'POST',
      `${base}/chapters/${ch1.id}/sub-chapters`,
      { name: '主畫面', type: 'dashboard' },
      201,
    );
    await admin(
      'POST',
      `${base}/chapters/${ch2.id}/sub-chapters`,
      { name: '期末專題', type: 'markdown', content: '敬請期待', enable: false },
      201,
    );
    // The check-in window opens tomorrow, for now.
    session = await admin(
      'POST',
      `${base}/classes/${cls.id}/sessions`,
      {
        title: '第 1 堂：破冰',
        starts_at: at(24 * 60 + 10),
        ends_at: at(24 * 60 + 90),
        check_in_opens_at: at(24 * 60 - 10),
        check_in_closes_at: at(24 * 60 + 60),
      },
      201,
    );
    const report = await admin('POST', `${base}/classes/${cls.id}/members/import`, {
      csv: `email\n${learnerEmail}\nnobody@example.test\n`,
    });
    expect(report.rows.map((r: { status: string }) => r.status)).toEqual(['added', 'invited']);
    task = await admin(
      'POST',
      `${base}/classes/${cls.id}/tasks`,
      { title: '設計一場破冰活動', due_at: at(3 * 24 * 60) },
      201,
    );
    await admin('PATCH', `${base}/classes/${cls.id}`, { published: true });
  });

  it('the learner finds the class, its outline and the content as written', async () => {
    await page.goto('/training');
    await page.getByTestId('class-card').filter({ hasText: '社群經營實務 第 1 期' }).waitFor();
    await page.goto(`/training/${cls.id}/board`);
    const sidebar = page.getByTestId('training-sidebar');
    await sidebar.getByText('第 2 章　進階').waitFor();
    await sidebar.getByText('第 1 章　開始').waitFor();
    await sidebar.getByRole('link', { name: '課程地圖' }).click();
    await page.waitForURL(`**/board/content/${intro.chapter_id}_${intro.id}`);
    const content = page.getByTestId('subchapter-content');
    await content.getByRole('heading', { name: '每週節奏' }).waitFor();
    expect(await content.locator('td').allTextContents()).toEqual(['1', '破冰', '2', '活動設計']);
    const img = content.locator('img');
    await img.waitFor();
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(40);
    expect(await content.textContent()).toContain('<script>alert(1)</script>');
    await expectAccessible(page, 'board content made in the console');
  });

  it('checks in only once the admin opens the window', async () => {
    await page.goto(`/training/${cls.id}`);
    const status = page.getByTestId('check-in-status');
    await status.filter({ hasText: '簽到尚未開始' }).waitFor();
    expect(await page.getByRole('button', { name: '確認簽到' }).isDisabled()).toBe(true);
    await admin('PUT', `${base}/sessions/${session.id}`, {
      title: '第 1 堂：破冰',
      starts_at: at(10),
      ends_at: at(90),
      check_in_opens_at: at(-5),
      check_in_closes_at: at(60),
    });
    await page.reload();
    await status.filter({ hasText: '簽到開放中' }).waitFor();
    await page.getByRole('button', { name: '確認簽到' }).click();
    expect(await toastVariant(page, '簽到成功')).toBe('success');
    const attendance = await admin('GET', `${base}/sessions/${session.id}/attendance`);
    expect(attendance.rows).toEqual([
      expect.objectContaining({ email: learnerEmail, checked_in_at: expect.any(String) }),
    ]);
  });

  it('accepts and completes the task; the admin sees it and the certificate verifies', async () => {
    await page.goto(`/tasks/${task.id}`);
    await page.getByRole('button', { name: '接取任務' }).click();
    await page.getByTestId('task-state').filter({ hasText: '進行中' }).waitFor();
    await page.getByRole('button', { name: '標記完成' }).click();
    await page.getByTestId('task-state').filter({ hasText: '已完成' }).waitFor();
    const tasks = await admin('GET', `${base}/classes/${cls.id}/tasks`);
    expect(tasks.items[0]).toMatchObject({ accepted: 1, completed: 1 });

    const issued = await admin('POST', `${base}/classes/${cls.id}/certificates`);
    expect(issued.items).toHaveLength(1);
    const cert = issued.items[0];
    await page.goto(`/certificates/${cert.verification_id}`);
    await page.getByTestId('certificate-name').filter({ hasText: '小新' }).waitFor();
    await expectAccessible(page, 'certificate verification');
    await admin('POST', `${base}/classes/${cls.id}/certificates/${cert.id}/revoke`);
    await page.reload();
    await page.getByTestId('certificate-revoked').waitFor();
  });

  it('receives the staff notification sent to the class', async () => {
    const sent = await admin(
      'POST',
      `${base}/notifications`,
      {
        audience: 'class',
        target_id: cls.id,
        title: '第 2 堂改到週四',
        body: '時間不變，地點相同。',
        category: 'training',
        link: `/training/${cls.id}`,
      },
      201,
    );
    expect(sent.recipients).toBe(1);
    await page.goto('/user/messages');
    const message = page.getByTestId('message').filter({ hasText: '第 2 堂改到週四' });
    await message.waitFor();
    await message.getByRole('button', { name: /標為已讀/ }).click();
    await expect
      .poll(async () => (await admin('GET', `${base}/notifications`)).items[0].read, { timeout: 5000 })
      .toBe(1);
  });
});
