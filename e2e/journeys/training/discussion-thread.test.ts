import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleAtBothWidths } from '../../support/axe.ts';
import { useJourney } from '../../support/journey.ts';
import { demo, seeded, signedInAs, startCommunityServer } from './community.ts';

/**
 * A sub-chapter's discussion thread (ADR 0061) in three browsers: a learner asks under the content, a classmate
 * replies, the learner hears of it through a notification that opens the thread, and once staff hide the
 * question in the console's 討論 tab neither learner sees it any more.
 */
describe('a discussion thread under a sub-chapter', () => {
  const journey = useJourney({ start: startCommunityServer });
  const content = `/training/${seeded.fe}/board/content/${seeded.sub('fe12', 'ch1', 'intro')}`;
  const question = '請問 **Flexbox** 的 gap 在 Safari 可以用嗎？';
  let learner: Page;
  let mate: Page;
  let staff: Page;

  beforeAll(async () => {
    learner = await signedInAs(journey.browser, journey.server, demo.learner);
    mate = await signedInAs(journey.browser, journey.server, 'meimei@atrium.local');
    staff = await signedInAs(journey.browser, journey.server, demo.staff);
  });

  const postOf = (page: Page, text: string) =>
    page.getByTestId('discussion').getByTestId('discussion-post').filter({ hasText: text });

  it('asks, is answered, hears of it, edits, and the hidden question disappears for learners', async () => {
    await learner.goto(content);
    await learner.getByTestId('subchapter-content').waitFor();
    const thread = learner.getByTestId('discussion');
    await thread.getByText('還沒有人留言，來問第一個問題吧。').waitFor();
    await thread.getByLabel('發表留言').fill(question);
    await thread.getByRole('button', { name: '送出留言' }).click();
    // Markdown through the course renderer: the asterisks became bold, never raw HTML.
    const asked = postOf(learner, 'gap 在 Safari 可以用嗎');
    await asked.locator('strong', { hasText: 'Flexbox' }).waitFor();
    expect(await thread.getByLabel('發表留言').inputValue()).toBe('');
    await expectAccessibleAtBothWidths(learner, 'a sub-chapter with its thread');

    await mate.goto(content);
    const seen = postOf(mate, 'gap 在 Safari 可以用嗎');
    await seen.getByText('學員小安').waitFor();
    // Only the author may change a post.
    expect(await seen.getByRole('button', { name: '編輯' }).count()).toBe(0);
    await mate.getByTestId('discussion').getByRole('button', { name: '回覆' }).click();
    await mate.getByLabel('回覆這則留言').fill('可以，Safari 14.1 起就支援了。');
    await mate.getByRole('button', { name: '送出回覆' }).click();
    await postOf(mate, 'Safari 14.1 起就支援').waitFor();

    // The learner's bell: the reply's notification opens the thread at the question.
    await learner.goto('/user/messages');
    const message = learner.getByTestId('message').filter({ hasText: '小美 回覆了你的留言' });
    await message.getByText('可以，Safari 14.1 起就支援了。').waitFor();
    await message.getByRole('link', { name: '查看' }).click();
    await learner.waitForURL(/\/board\/content\/.+#post-/);
    await postOf(learner, 'Safari 14.1 起就支援').waitFor();

    // Editing is marked for everyone.
    await postOf(learner, 'gap 在 Safari 可以用嗎')
      .first()
      .getByRole('button', { name: '編輯' })
      .first()
      .click();
    await learner.getByLabel('編輯留言').fill('請問 Flexbox 的 gap 在 Safari 14 可以用嗎？');
    await learner.getByRole('button', { name: '儲存' }).click();
    await postOf(learner, 'Safari 14 可以用嗎').getByText('已編輯').first().waitFor();

    // Staff hide the question from the class's 討論 tab.
    await staff.goto(`/console/classes/${seeded.fe}`);
    await staff.getByRole('tab', { name: '討論' }).click();
    const item = staff.getByTestId('discussion-item').filter({ hasText: 'Safari 14 可以用嗎' });
    await item.getByText('單元：').waitFor();
    await expectAccessibleAtBothWidths(staff, 'the discussion moderation tab');
    await item.getByRole('button', { name: '隱藏', exact: true }).click();
    await item.getByRole('button', { name: '取消隱藏' }).waitFor();

    for (const page of [learner, mate]) {
      await page.goto(content);
      await page.getByTestId('discussion').getByText('還沒有人留言，來問第一個問題吧。').waitFor();
      expect(await page.getByText('Safari 14 可以用嗎').count()).toBe(0);
      expect(await page.getByText('Safari 14.1 起就支援').count()).toBe(0);
    }
  });
});
