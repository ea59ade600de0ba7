import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCommunity } from '../../../test/open-community.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { discussionPosts, impersonationAudit, users } from '../../db/schema.ts';

const soon = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

// Issue 35: an admin viewing as a learner must not speak in the learner's name; what else they change is
// written to the impersonation trail with the admin as its actor.
describe.each(databaseKinds)("impersonation and the learner's voice on %s", (kind) => {
  let c: Awaited<ReturnType<typeof openCommunity>>;
  let asLearner: string;
  let thread: string;
  let taskId: string;
  beforeAll(async () => {
    c = await openCommunity(kind);
    const minted = await c.call('staff', 'POST', '/v1/console/impersonation', {
      user_id: c.who.learner.id,
      seconds: 900,
    });
    expect(minted.statusCode).toBe(201);
    asLearner = minted.json().token;
    thread = `/v1/training-classes/${c.ids.fe}/chapters/${c.ids.chapter('fe12', 'ch1')}/subchapters/${c.ids.sub('fe12', 'ch1', 'intro')}/posts`;
    const task = await c.call('staff', 'POST', `/v1/console/community/classes/${c.ids.fe}/tasks`, {
      title: '代為檢視測試作業',
      due_at: soon(),
      submission_kind: 'text',
    });
    expect(task.statusCode).toBe(201);
    taskId = task.json().id;
  }, 60_000);
  afterAll(() => c.close());

  const impersonated = (method: 'POST' | 'PUT', url: string, payload?: object) =>
    c.t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${asLearner}` },
      ...(payload ? { payload } : {}),
    });

  it('refuses posts, check-ins, accepting and handing in while impersonating; the learner may', async () => {
    const tasks = `/v1/training-classes/${c.ids.fe}/tasks`;
    const calls: [string, object | undefined][] = [
      [thread, { body: '由管理員代發' }],
      [`/v1/training-classes/${c.ids.fe}/check-in`, undefined],
      [`${tasks}/accept`, { task_id: taskId }],
      [`${tasks}/${taskId}/submissions`, { text: '代交的作業' }],
    ];
    for (const [url, body] of calls) {
      const res = await impersonated('POST', url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({
        code: 'impersonation_not_learners_voice',
        message: '代為檢視時不能以學員的名義發文、繳交作業、簽到或接受任務',
      });
    }
    const fileUpload = await c.t.app.inject({
      method: 'POST',
      url: `${tasks}/${taskId}/submissions/file?name=a.pdf`,
      headers: { authorization: `Bearer ${asLearner}`, 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    expect(fileUpload.json().code).toBe('impersonation_not_learners_voice');
    // Nothing was written in the learner's name.
    const posts = await c.db
      .select()
      .from(discussionPosts)
      .where(and(eq(discussionPosts.authorId, c.who.learner.id), eq(discussionPosts.body, '由管理員代發')));
    expect(posts).toEqual([]);
    // The attempts are on the trail, naming the admin.
    const refused = await c.db
      .select()
      .from(impersonationAudit)
      .where(
        and(eq(impersonationAudit.learnerId, c.who.learner.id), eq(impersonationAudit.action, 'refused')),
      );
    expect(refused.map((r) => r.adminId)).toEqual(Array(5).fill(c.who.staff.id));

    // The learner's own token does all of it.
    for (const [url, body] of calls) {
      const res = await c.call('learner', 'POST', url, body);
      expect([200, 201], `${url}: ${res.body}`).toContain(res.statusCode);
    }
  });

  it('records the admin as the actor of an allowed change (nickname, mail setting)', async () => {
    const nick = await impersonated('PUT', '/v1/user/profile/nickname', { nickname: '小安改名' });
    expect(nick.statusCode).toBe(200);
    const mail = await impersonated('PUT', '/v1/user/mail-preferences', { class_announcements: false });
    expect(mail.statusCode).toBe(200);
    const changes = await c.db
      .select()
      .from(impersonationAudit)
      .where(
        and(eq(impersonationAudit.learnerId, c.who.learner.id), eq(impersonationAudit.action, 'change')),
      );
    expect(changes.map((r) => [r.adminId, r.detail]).sort()).toEqual([
      [c.who.staff.id, 'PUT /v1/user/mail-preferences'],
      [c.who.staff.id, 'PUT /v1/user/profile/nickname'],
    ]);
    // Staff find it in the console's impersonation trail.
    const trail = await c.call(
      'staff',
      'GET',
      `/v1/console/impersonation/audit?learner_id=${c.who.learner.id}`,
    );
    expect(trail.statusCode).toBe(200);
    expect(trail.json().entries.filter((e: { action: string }) => e.action === 'change')).toHaveLength(2);
    // The learner's own change is theirs: no impersonation entry.
    await c.call('learner', 'POST', '/v1/user/profile/name', { first_name: '小', last_name: '安' });
    const [me] = await c.db.select().from(users).where(eq(users.id, c.who.learner.id));
    expect(me!.nickname).toBe('小安改名');
    const after = await c.db
      .select()
      .from(impersonationAudit)
      .where(
        and(eq(impersonationAudit.learnerId, c.who.learner.id), eq(impersonationAudit.action, 'change')),
      );
    expect(after).toHaveLength(2);
  });
});
