import { DISCUSSION_BODY_MAX, DISCUSSION_POSTS_PER_MINUTE } from '@atrium/protocol/discussion';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestUser } from '../../../test/create-test-user.ts';
import { openCommunity } from '../../../test/open-community.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { consoleAudit, notifications } from '../../db/schema.ts';

const consoleBase = '/v1/console/community';
type Post = {
  id: string;
  body: string;
  author: { nickname: string };
  deleted: boolean;
  hidden: boolean;
  pinned: boolean;
  mine: boolean;
  edited_at: string | null;
  replies: Post[];
};

describe.each(databaseKinds)('discussion threads on %s', (kind) => {
  let c: Awaited<ReturnType<typeof openCommunity>>;
  let intro: string;
  let taskThread: string;
  beforeAll(async () => {
    c = await openCommunity(kind);
    const sub = (ch: string, s: string) =>
      `/v1/training-classes/${c.ids.fe}/chapters/${c.ids.chapter('fe12', ch)}/subchapters/${c.ids.sub('fe12', ch, s)}/posts`;
    intro = sub('ch1', 'intro');
    taskThread = `/v1/training-classes/${c.ids.fe}/tasks/${c.ids.task('fe12', 'portfolio')}/posts`;
    const bearer = (token: string) => ({ auth: { authorization: `Bearer ${token}` } });
    staff = bearer(c.who.staff.token);
    outsider = bearer(c.who.outsider.token);
  }, 60_000);
  afterAll(() => c.close());

  /** Someone who calls: staff and the outsider from the community, learners enrolled fresh per test. */
  type As = { auth: { authorization: string } };
  let staff: As;
  let outsider: As;
  // Each test has learners of its own, so the per-minute posting budget of one test never leaks into another.
  const member = async (nickname: string) => {
    const user = await createTestUser(c.t.app, { nickname });
    const enrolled = await send(staff, 'POST', `${consoleBase}/classes/${c.ids.fe}/members`, {
      emails: [user.email],
    });
    expect(enrolled.json().added).toBe(1);
    return user;
  };
  const send = (as: As, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) =>
    c.t.app.inject({ method, url, headers: as.auth, ...(payload ? { payload } : {}) });
  const thread = async (as: As, url: string, page = 1) => {
    const res = await send(as, 'GET', `${url}?page=${page}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { items: Post[]; pagination: { total: number }; can_post: boolean; staff: boolean };
  };
  const post = async (as: As, url: string, body: string, parentId?: string) => {
    const res = await send(as, 'POST', url, { body, ...(parentId ? { parent_id: parentId } : {}) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Post;
  };

  it('lets members read and post, and nobody else', async () => {
    const learner = await member('學員小安');
    const mate = await member('小美');
    const first = await post(learner, intro, '**Flexbox** 的 `gap` 在 Safari 可以用嗎？');
    expect(first).toMatchObject({
      mine: true,
      pinned: false,
      hidden: false,
      deleted: false,
      edited_at: null,
    });
    expect(first.author.nickname).toBe('學員小安');

    const seen = await thread(mate, intro);
    expect(seen.items.map((p) => p.body)).toContain('**Flexbox** 的 `gap` 在 Safari 可以用嗎？');
    expect(seen.items.find((p) => p.id === first.id)?.mine).toBe(false);
    expect(seen.can_post).toBe(true);

    // An outsider learns nothing, not even that the class exists.
    for (const res of [
      await send(outsider, 'GET', intro),
      await send(outsider, 'POST', intro, { body: 'hi' }),
    ])
      expect(res.json()).toEqual({ message: '找不到這個課程', code: 'class_not_found' });

    // A sub-chapter before it opens refuses reading and, in words about posting, writing.
    const closed = `/v1/training-classes/${c.ids.fe}/chapters/${c.ids.chapter('fe12', 'ch3')}/subchapters/${c.ids.sub('fe12', 'ch3', 'vars')}/posts`;
    expect((await send(learner, 'GET', closed)).statusCode).toBe(403);
    const refused = await send(learner, 'POST', closed, { body: '先問一下' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: '此單元尚未開放，開放後才能留言', code: 'not_open' });
    // Staff may (they prepare the class); the task thread works the same way.
    expect((await send(staff, 'POST', closed, { body: '下週開放，先預告' })).statusCode).toBe(201);
    await post(learner, taskThread, '作品集可以用 Vite 嗎？');
    expect((await thread(mate, taskThread)).items).toHaveLength(1);
    expect((await thread(mate, intro)).items.some((p) => p.body === '作品集可以用 Vite 嗎？')).toBe(false);
  });

  it('refuses bad input in the one error shape', async () => {
    const learner = await member('學員小安');
    const cases: [string, object][] = [
      [intro, { body: '   ' }],
      [intro, { body: 'x'.repeat(DISCUSSION_BODY_MAX + 1) }],
      [intro, { body: 'ok', extra: 1 }],
      [intro, { body: 'ok', parent_id: 'not-a-uuid' }],
      [intro, {}],
    ];
    for (const [url, payload] of cases) {
      const res = await send(learner, 'POST', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
    }
    expect((await send(learner, 'POST', intro, { body: '   ' })).json().message).toContain('請輸入留言內容');
    expect(
      (await send(learner, 'POST', intro, { body: 'x'.repeat(DISCUSSION_BODY_MAX + 1) })).json().message,
    ).toContain(`留言最多 ${DISCUSSION_BODY_MAX} 字`);
    const badQuery = await send(learner, 'GET', `${intro}?page=0`);
    expect(badQuery.statusCode).toBe(400);
    expect((await send(learner, 'GET', `${intro}?pag=2`)).statusCode).toBe(400);
    // Exactly the limit is a post.
    expect((await send(learner, 'POST', intro, { body: 'y'.repeat(DISCUSSION_BODY_MAX) })).statusCode).toBe(
      201,
    );
  });

  it('replies one level deep and tells the author of the post, never oneself', async () => {
    const learner = await member('學員小安');
    const mate = await member('小美');
    const question = await post(learner, taskThread, '截止日可以延後嗎？');
    const answer = await post(mate, taskThread, '我也想知道！', question.id);
    const messages = await c.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, learner.id))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    expect(messages[0]).toMatchObject({
      title: '小美 回覆了你的留言',
      body: '我也想知道！',
      link: `/tasks/${c.ids.task('fe12', 'portfolio')}#post-${question.id}`,
      readAt: null,
    });
    const before = await c.db.select().from(notifications).where(eq(notifications.userId, learner.id));
    await post(learner, taskThread, '補充：我在外地', question.id);
    const after = await c.db.select().from(notifications).where(eq(notifications.userId, learner.id));
    expect(after.length).toBe(before.length);

    const deeper = await send(learner, 'POST', taskThread, { body: '回覆回覆', parent_id: answer.id });
    expect(deeper.json()).toEqual({ message: '只能回覆留言，不能回覆回覆', code: 'reply_depth' });
    // A post of another thread is not a parent here.
    const elsewhere = await send(learner, 'POST', intro, { body: '跨串', parent_id: question.id });
    expect(elsewhere.statusCode).toBe(404);

    const shown = (await thread(learner, taskThread)).items.find((p) => p.id === question.id)!;
    expect(shown.replies.map((r) => r.body)).toEqual(['我也想知道！', '補充：我在外地']);
  });

  it('lets authors edit and delete only their own, leaving a placeholder above replies', async () => {
    const learner = await member('學員小安');
    const mate = await member('小美');
    const mine = await post(learner, intro, '第一版問題');
    const edited = await send(learner, 'PATCH', `/v1/discussion-posts/${mine.id}`, { body: '第二版問題' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().edited_at).not.toBeNull();
    const other = await send(mate, 'PATCH', `/v1/discussion-posts/${mine.id}`, { body: '改別人的' });
    expect(other.json()).toEqual({ message: '只能編輯自己的留言', code: 'not_author' });
    expect((await send(mate, 'DELETE', `/v1/discussion-posts/${mine.id}`)).statusCode).toBe(403);
    expect((await send(outsider, 'DELETE', `/v1/discussion-posts/${mine.id}`)).statusCode).toBe(404);

    await post(mate, intro, '我來回答', mine.id);
    expect((await send(learner, 'DELETE', `/v1/discussion-posts/${mine.id}`)).statusCode).toBe(204);
    const kept = (await thread(mate, intro)).items.find((p) => p.id === mine.id)!;
    expect(kept).toMatchObject({ deleted: true, body: '', mine: false });
    expect(kept.replies.map((r) => r.body)).toEqual(['我來回答']);
    expect(
      (await send(learner, 'PATCH', `/v1/discussion-posts/${mine.id}`, { body: '復活' })).statusCode,
    ).toBe(404);

    // Without replies a post simply goes; so does a placeholder whose last reply goes.
    const lone = await post(learner, intro, '打錯字了');
    await send(learner, 'DELETE', `/v1/discussion-posts/${lone.id}`);
    expect((await thread(learner, intro)).items.some((p) => p.id === lone.id)).toBe(false);
    await send(mate, 'DELETE', `/v1/discussion-posts/${kept.replies[0]!.id}`);
    expect((await thread(learner, intro)).items.some((p) => p.id === mine.id)).toBe(false);
  });

  it('hides from learners and pins first, audited, for admins only', async () => {
    const learner = await member('學員小安');
    const mate = await member('小美');
    const old = await post(mate, taskThread, '舊的公告請看這裡');
    const rude = await post(mate, taskThread, '不禮貌的留言');
    const hide = (as: As, id: string, hidden: boolean) =>
      send(as, 'PUT', `${consoleBase}/discussion-posts/${id}/hidden`, { hidden });
    expect((await hide(learner, rude.id, true)).statusCode).toBe(403);
    expect((await hide(staff, rude.id, true)).json()).toMatchObject({ hidden: true });

    expect((await thread(learner, taskThread)).items.some((p) => p.id === rude.id)).toBe(false);
    expect((await thread(mate, taskThread)).items.some((p) => p.id === rude.id)).toBe(false);
    const staffView = await thread(staff, taskThread);
    expect(staffView.staff).toBe(true);
    expect(staffView.items.find((p) => p.id === rude.id)?.hidden).toBe(true);
    const replyToHidden = await send(learner, 'POST', taskThread, { body: '?', parent_id: rude.id });
    expect(replyToHidden.statusCode).toBe(404);

    const pin = await send(staff, 'PUT', `${consoleBase}/discussion-posts/${old.id}/pinned`, {
      pinned: true,
    });
    expect(pin.json()).toMatchObject({ pinned: true });
    expect((await thread(learner, taskThread)).items[0]!.id).toBe(old.id);
    const someReply = (await thread(learner, taskThread)).items.find((p) => p.replies.length > 0)!
      .replies[0]!;
    const pinReply = await send(staff, 'PUT', `${consoleBase}/discussion-posts/${someReply.id}/pinned`, {
      pinned: true,
    });
    expect(pinReply.json()).toEqual({ message: '只能置頂留言，不能置頂回覆', code: 'pin_reply' });

    const list = await send(staff, 'GET', `${consoleBase}/classes/${c.ids.fe}/discussion?show=hidden`);
    expect(list.json().items.map((p: { id: string }) => p.id)).toEqual([rude.id]);
    expect(list.json().items[0]).toMatchObject({
      target_kind: 'task',
      target_id: c.ids.task('fe12', 'portfolio'),
    });
    expect((await send(mate, 'GET', `${consoleBase}/classes/${c.ids.fe}/discussion`)).statusCode).toBe(403);
    expect((await send(staff, 'DELETE', `${consoleBase}/discussion-posts/${rude.id}`)).statusCode).toBe(204);

    // Written after the answer (an onResponse hook): wait for the third entry rather than a fixed time.
    const audit = await vi.waitFor(async () => {
      const rows = await c.db
        .select()
        .from(consoleAudit)
        .where(like(consoleAudit.action, '%discussion-posts%'));
      expect(rows.map((a) => a.action).sort()).toEqual([
        'DELETE /v1/console/community/discussion-posts/:postId',
        'PUT /v1/console/community/discussion-posts/:postId/hidden',
        'PUT /v1/console/community/discussion-posts/:postId/pinned',
      ]);
      return rows;
    });
    expect(audit.every((a) => a.actorId === c.who.staff.id && a.status < 400)).toBe(true);
    expect(audit.find((a) => a.action.endsWith('/hidden'))?.target).toEqual({ postId: rude.id });
  });

  it('pages a thread', async () => {
    const learner = await member('學員小安');
    const paged = `/v1/training-classes/${c.ids.fe}/chapters/${c.ids.chapter('fe12', 'ch1')}/subchapters/${c.ids.sub('fe12', 'ch1', 'orientation')}/posts`;
    // Staff write the pages: the learners' per-minute budget is not what this is about.
    for (let i = 1; i <= 21; i++) await post(staff, paged, `第 ${i} 則`);
    const first = await thread(learner, paged);
    expect(first.pagination).toEqual({ page: 1, page_size: 20, total: 21 });
    expect(first.items[0]!.body).toBe('第 1 則');
    expect((await thread(learner, paged, 2)).items.map((p) => p.body)).toEqual(['第 21 則']);
  });

  it(`limits each learner to ${DISCUSSION_POSTS_PER_MINUTE} posts a minute`, async () => {
    const learner = await member('學員小安');
    const mate = await member('小美');
    const as = (payload: object) => send(learner, 'POST', intro, payload);
    for (let i = 0; i < DISCUSSION_POSTS_PER_MINUTE; i++)
      expect((await as({ body: `洗版 ${i}` })).statusCode).toBe(201);
    const limited = await as({ body: '再一則' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(limited.json().message).toMatch(/^留言過於頻繁，請於 \d+ 秒後再試$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Counted per person: a classmate on the same address still posts.
    expect((await send(mate, 'POST', intro, { body: '我還可以留言' })).statusCode).toBe(201);
  });

  it('keeps an archived class readable but closed to posts', async () => {
    const learner = await member('學員小安');
    const archive = await send(staff, 'PATCH', `${consoleBase}/classes/${c.ids.fe}`, { archived: true });
    expect(archive.statusCode).toBe(200);
    const read = await thread(learner, intro);
    expect(read.can_post).toBe(false);
    const refused = await send(learner, 'POST', intro, { body: '還能留言嗎' });
    expect(refused.json()).toEqual({ message: '此課程已封存，只能瀏覽', code: 'class_archived' });
  });
});
