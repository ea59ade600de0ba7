import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, linkToken, mailAfter } from '../../../test/account-test-helpers.ts';
import { openCommunity } from '../../../test/open-community.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { classInvitations, consoleAudit } from '../../db/schema.ts';

const base = '/v1/console/community';

describe.each(databaseKinds)('class invitations on %s', (kind) => {
  let c: Awaited<ReturnType<typeof openCommunity>>;
  beforeAll(async () => {
    c = await openCommunity(kind);
  });
  afterAll(() => c.close());

  const invite = async (classId: string, emails: string[]) => {
    const res = await c.call('staff', 'POST', `${base}/classes/${classId}/members`, { emails });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const invitationToken = (text: string) => {
    const m = text.match(/\/register\?invitation=([A-Za-z0-9_-]+)/);
    if (!m) throw new Error(`no invitation link in: ${text}`);
    return m[1]!;
  };
  /** Signs up and verifies `email` through the mailed link, as a person would; answers the signed-in browser. */
  let signUps = 0;
  const signUpAndVerify = async (email: string) => {
    // Each sign-up from its own address, as separate people would (the sign-up limit is per client).
    const b = createBrowser(c.t.app, `10.0.0.${++signUps}`);
    const since = c.t.smtp.inbox.length;
    const res = await b.call('POST', '/v1/user/register', {
      email,
      password: 'Secret123',
      nickname: '新同學',
    });
    expect(res.statusCode).toBe(201);
    const mail = await mailAfter(c.t, since, email, '驗證');
    const verify = await b.call('PUT', '/v1/user/register/verify', {
      token: linkToken(mail, '/register/verify'),
    });
    expect(verify.statusCode).toBe(200);
    return b;
  };
  const myClassIds = async (b: ReturnType<typeof createBrowser>) => {
    const res = await b.call('GET', '/v1/training-classes/');
    expect(res.statusCode).toBe(200);
    return (res.json().items as { id: string }[]).map((i) => i.id);
  };

  it('mails an unknown address a sign-up link; signing up and verifying that address joins the class', async () => {
    const since = c.t.smtp.inbox.length;
    const report = await invite(c.ids.fe, ['New.Person@Example.com']);
    expect(report).toMatchObject({
      added: 0,
      invited: 1,
      rows: [{ row: 1, email: 'new.person@example.com', status: 'invited' }],
    });

    const mail = await mailAfter(c.t, since, 'new.person@example.com', '邀請您加入課程');
    expect(mail.subject).toBe('【Atrium】邀請您加入課程「前端工程師養成班 第 12 期」');
    expect(mail.text).toContain('http://localhost:3000/register?invitation=');
    const token = invitationToken(mail.text);
    // Only the hash is stored.
    const stored = await c.db
      .select()
      .from(classInvitations)
      .where(eq(classInvitations.email, 'new.person@example.com'));
    expect(JSON.stringify(stored)).not.toContain(token);

    const read = await c.t.app.inject({ method: 'GET', url: `/v1/invitations/${token}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      email: 'new.person@example.com',
      classes: [{ id: c.ids.fe, name: '前端工程師養成班 第 12 期' }],
    });

    const listed = await c.call('staff', 'GET', `${base}/classes/${c.ids.fe}/invitations`);
    expect(listed.json().items).toMatchObject([
      { email: 'new.person@example.com', status: 'pending', send_count: 1 },
    ]);

    const b = await signUpAndVerify('new.person@example.com');
    expect(await myClassIds(b)).toContain(c.ids.fe);
    const after = await c.call('staff', 'GET', `${base}/classes/${c.ids.fe}/invitations`);
    expect(after.json().items).toMatchObject([{ email: 'new.person@example.com', status: 'used' }]);
    const usedLink = await c.t.app.inject({ method: 'GET', url: `/v1/invitations/${token}` });
    expect(usedLink.statusCode).toBe(410);
    expect(usedLink.json()).toEqual({ code: 'invitation_used', message: '這份邀請已經使用過，請直接登入' });
  });

  it('never enrols another address that signs up with the link', async () => {
    const since = c.t.smtp.inbox.length;
    await invite(c.ids.fe, ['invited@example.com']);
    const token = invitationToken((await mailAfter(c.t, since, 'invited@example.com', '邀請')).text);

    // Whoever holds the link signs up with their own address: the invitation is not theirs to use.
    const b = await signUpAndVerify('someone.else@example.com');
    expect(await myClassIds(b)).not.toContain(c.ids.fe);
    const still = await c.t.app.inject({ method: 'GET', url: `/v1/invitations/${token}` });
    expect(still.statusCode).toBe(200);
    expect(still.json().email).toBe('invited@example.com');
  });

  it('refuses a revoked or expired invitation in zh-TW, and verifying its address no longer joins', async () => {
    const since = c.t.smtp.inbox.length;
    await invite(c.ids.fe, ['revoked@example.com', 'expired@example.com']);
    const revokedToken = invitationToken((await mailAfter(c.t, since, 'revoked@example.com', '邀請')).text);
    const expiredToken = invitationToken((await mailAfter(c.t, since, 'expired@example.com', '邀請')).text);
    const items = (await c.call('staff', 'GET', `${base}/classes/${c.ids.fe}/invitations`)).json().items as {
      id: string;
      email: string;
    }[];
    const revokedId = items.find((i) => i.email === 'revoked@example.com')!.id;

    const revoke = await c.call('staff', 'DELETE', `${base}/classes/${c.ids.fe}/invitations/${revokedId}`);
    expect(revoke.statusCode).toBe(204);
    const again = await c.call('staff', 'DELETE', `${base}/classes/${c.ids.fe}/invitations/${revokedId}`);
    expect(again.statusCode).toBe(409);
    // Another class's invitation is not found, for revoke as for resend (issue 35).
    for (const action of ['DELETE', 'POST'] as const) {
      const suffix = action === 'POST' ? '/resend' : '';
      const elsewhere = await c.call(
        'staff',
        action,
        `${base}/classes/${c.ids.data}/invitations/${revokedId}${suffix}`,
      );
      expect(elsewhere.statusCode, action).toBe(404);
      expect(elsewhere.json().code).toBe('invitation_not_found');
    }
    // A learner cannot even list them.
    expect((await c.call('learner', 'GET', `${base}/classes/${c.ids.fe}/invitations`)).statusCode).toBe(403);

    const revoked = await c.t.app.inject({ method: 'GET', url: `/v1/invitations/${revokedToken}` });
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json()).toEqual({
      code: 'invitation_revoked',
      message: '這份邀請已被取消，如有疑問請洽課程工作人員',
    });

    await c.db
      .update(classInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(classInvitations.email, 'expired@example.com'));
    const expired = await c.t.app.inject({ method: 'GET', url: `/v1/invitations/${expiredToken}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      code: 'invitation_expired',
      message: '這份邀請已過期，請向課程工作人員索取新的邀請',
    });
    const listed = (await c.call('staff', 'GET', `${base}/classes/${c.ids.fe}/invitations`)).json().items;
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'revoked@example.com', status: 'revoked' }),
        expect.objectContaining({ email: 'expired@example.com', status: 'expired' }),
      ]),
    );

    expect(await myClassIds(await signUpAndVerify('revoked@example.com'))).not.toContain(c.ids.fe);
    expect(await myClassIds(await signUpAndVerify('expired@example.com'))).not.toContain(c.ids.fe);

    const unknown = await c.t.app.inject({ method: 'GET', url: `/v1/invitations/${'A'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('找不到這份邀請');
  });

  it('resends with a new link (the old one dies) at most once a minute, and audits staff changes', async () => {
    const since = c.t.smtp.inbox.length;
    await invite(c.ids.data, ['resend@example.com']);
    const first = invitationToken((await mailAfter(c.t, since, 'resend@example.com', '邀請')).text);
    const [row] = await c.db
      .select()
      .from(classInvitations)
      .where(and(eq(classInvitations.email, 'resend@example.com'), eq(classInvitations.classId, c.ids.data)));
    const url = `${base}/classes/${c.ids.data}/invitations/${row!.id}/resend`;

    const tooSoon = await c.call('staff', 'POST', url);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/^邀請剛寄出，請 \d+ 秒後再重寄$/);

    // As if the first mail went out two minutes ago.
    await c.db
      .update(classInvitations)
      .set({ sentAt: new Date(Date.now() - 120_000) })
      .where(eq(classInvitations.id, row!.id));
    const since2 = c.t.smtp.inbox.length;
    const resent = await c.call('staff', 'POST', url);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ status: 'pending', send_count: 2 });
    const second = invitationToken((await mailAfter(c.t, since2, 'resend@example.com', '邀請')).text);
    expect(second).not.toBe(first);
    expect((await c.t.app.inject({ method: 'GET', url: `/v1/invitations/${first}` })).statusCode).toBe(404);
    expect((await c.t.app.inject({ method: 'GET', url: `/v1/invitations/${second}` })).statusCode).toBe(200);

    const audit = await c.db.select().from(consoleAudit).where(eq(consoleAudit.actorId, c.who.staff.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'POST /v1/console/community/classes/:id/members',
        'POST /v1/console/community/classes/:id/invitations/:invitationId/resend',
        'DELETE /v1/console/community/classes/:id/invitations/:invitationId',
      ]),
    );
  });

  it('mails an existing learner that they were enrolled, instead of an invitation', async () => {
    const since = c.t.smtp.inbox.length;
    const report = await invite(c.ids.data, ['outsider@atrium.local']);
    expect(report).toMatchObject({ added: 1, invited: 0, rows: [{ status: 'added' }] });
    const mail = await mailAfter(c.t, since, 'outsider@atrium.local', '您已加入課程');
    expect(mail.text).toContain(`http://localhost:3000/training/${c.ids.data}`);
    expect(mail.text).toContain('路人 您好');
    await c.t.app.background.settle();
    expect(c.t.smtp.inbox.slice(since).filter((m) => m.subject.includes('邀請'))).toEqual([]);
  });
  it('holds enrolment and invitation mails of a draft class until it is published, then sends each once', async () => {
    const patch = (classId: string, payload: object) =>
      c.t.app.inject({
        method: 'PATCH',
        url: `${base}/classes/${classId}`,
        headers: { authorization: `Bearer ${c.who.staff.token}` },
        payload,
      });
    const draft = (
      await c.call('staff', 'POST', `${base}/classes`, { name: '草稿班', description: '' })
    ).json();
    expect(draft.published).toBe(false);
    const since = c.t.smtp.inbox.length;
    const report = await invite(draft.id, ['outsider@atrium.local', 'draft.invitee@example.com']);
    expect(report).toMatchObject({ added: 1, invited: 1 });
    await c.t.app.background.settle();
    // Nothing yet: the class page would answer 找不到這個課程 (issue 36).
    expect(c.t.smtp.inbox.slice(since)).toEqual([]);

    expect((await patch(draft.id, { published: true })).statusCode).toBe(200);
    const enrolled = await mailAfter(c.t, since, 'outsider@atrium.local', '您已加入課程');
    expect(enrolled.text).toContain(`http://localhost:3000/training/${draft.id}`);
    const invited = await mailAfter(c.t, since, 'draft.invitee@example.com', '邀請您加入課程');
    const read = await c.t.app.inject({
      method: 'GET',
      url: `/v1/invitations/${invitationToken(invited.text)}`,
    });
    expect(read.json()).toMatchObject({ email: 'draft.invitee@example.com', classes: [{ id: draft.id }] });

    // Unpublishing and publishing again sends nothing more.
    await patch(draft.id, { published: false });
    await patch(draft.id, { published: true });
    await c.t.app.background.settle();
    expect(c.t.smtp.inbox.slice(since).map((m) => m.to)).toHaveLength(2);
  });
});
