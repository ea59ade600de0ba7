import { users } from '@atrium/server/db/schema';
import { createSession } from '@atrium/server/modules/account/create-session';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleAtBothWidths } from '../../support/axe.ts';
import { useJourney } from '../../support/journey.ts';
import { demo, seeded, signedInAs, startCommunityServer } from '../training/community.ts';

/**
 * The review loop of ADR 0055 in two browsers: a learner hands in text on a reviewed task (審核中), staff
 * return it from the class's 審核 tab with feedback, the learner reads it on the task (需修改) and hands in
 * again, staff accept it with points, and the learner sees the task completed with those points and both
 * rounds of feedback.
 */
describe('a reviewed task: hand in, returned, hand in again, accepted', () => {
  const journey = useJourney({ start: startCommunityServer });
  let learner: Page;
  let staff: Page;
  let taskId = '';
  let adminToken = '';

  beforeAll(async () => {
    const db = journey.server.app.db;
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, demo.staff));
    adminToken = (await createSession(db, { userId: admin!.id, ttlDays: 1 })).token;
    taskId = await newTask({ title: '寫一段自我介紹', points: 20, submission_kind: 'text', review: true });
    learner = await signedInAs(journey.browser, journey.server, demo.learner);
    staff = await signedInAs(journey.browser, journey.server, demo.staff);
  });

  const newTask = async (fields: object): Promise<string> => {
    const res = await journey.server.app.inject({
      method: 'POST',
      url: `/v1/console/community/classes/${seeded.fe}/tasks`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { due_at: new Date(Date.now() + 7 * 86_400_000).toISOString(), ...fields },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  };

  const reviewTab = async () => {
    await staff.goto(`/console/classes/${seeded.fe}`);
    await staff.getByRole('tab', { name: '審核' }).click();
    return staff.getByTestId('review-item').filter({ hasText: '寫一段自我介紹' });
  };

  it('runs the loop through both screens', async () => {
    await learner.goto(`/tasks/${taskId}`);
    await learner
      .getByTestId('task-submission-kind')
      .filter({ hasText: '繳交文字 · 需經助教審核' })
      .waitFor();
    await learner.getByRole('button', { name: '接取任務' }).click();
    await learner.getByLabel('作業內容').fill('大家好，我是小安。');
    await learner.getByRole('button', { name: '送出審核' }).click();
    await learner.getByTestId('review-pending').waitFor();
    expect(await learner.getByTestId('review-state').textContent()).toBe('審核中');
    // Handed in, it cannot be marked done or handed in twice while it waits.
    expect(await learner.getByTestId('submission-form').count()).toBe(0);

    const first = await reviewTab();
    await first.getByText('大家好，我是小安。').waitFor();
    await expectAccessibleAtBothWidths(staff, 'the review queue');
    await first.getByLabel('回饋').fill('請多寫一點你的學習目標');
    await first.getByRole('button', { name: '退回修改' }).click();
    await staff.getByText('目前沒有待審核的作業。').waitFor();

    await learner.reload();
    await learner.getByTestId('review-returned').waitFor();
    expect(await learner.getByTestId('review-state').textContent()).toBe('需修改');
    expect(await learner.getByTestId('submission-feedback').first().textContent()).toContain(
      '請多寫一點你的學習目標',
    );
    await expectAccessibleAtBothWidths(learner, 'a returned task');
    await learner.getByLabel('作業內容').fill('大家好，我是小安，目標是三個月內做出作品集。');
    await learner.getByRole('button', { name: '送出審核' }).click();
    await learner.getByTestId('review-pending').waitFor();

    const second = await reviewTab();
    await second.getByText('曾退回 1 次').waitFor();
    await second.getByLabel('給分（滿分 20）').fill('18');
    await second.getByLabel('回饋').fill('目標很清楚，加油！');
    await second.getByRole('button', { name: '通過' }).click();
    await staff.getByText('目前沒有待審核的作業。').waitFor();

    await learner.reload();
    await learner.getByTestId('task-state').filter({ hasText: '已完成' }).waitFor();
    await learner.getByText('獲得 18 點（滿分 20 點）').waitFor();
    const feedback = await learner.getByTestId('submission-feedback').allTextContents();
    expect(feedback).toEqual(['助教回饋：目標很清楚，加油！', '助教回饋：請多寫一點你的學習目標']);
    expect(await learner.getByTestId('submission-points').textContent()).toBe('獲得 18 點');
  });

  it('hands in a file on a task without review: done at once, the file in the history', async () => {
    const fileTask = await newTask({ title: '上傳期末報告', submission_kind: 'file' });
    await learner.goto(`/tasks/${fileTask}`);
    await learner.getByLabel('作業檔案').setInputFiles({
      name: '期末報告.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n% 小安的報告\n'),
    });
    await learner.getByRole('button', { name: '繳交並完成' }).click();
    await learner.getByTestId('task-state').filter({ hasText: '已完成' }).waitFor();
    const link = learner.getByTestId('submission').getByRole('link', { name: '期末報告.pdf' });
    const download = await Promise.all([learner.waitForEvent('download'), link.click()]).then(([d]) => d);
    expect(download.suggestedFilename()).toBe('期末報告.pdf');
  });
});
