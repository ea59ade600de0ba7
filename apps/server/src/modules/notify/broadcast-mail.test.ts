import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCommunity } from '../../../test/open-community.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { broadcastMails, users } from '../../db/schema.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

const base = '/v1/console/community';

describe.each(databaseKinds)('broadcasts by mail on %s', (kind) => {
  let c: Awaited<ReturnType<typeof openCommunity>>;
  let learnerEmail = '';
  let mateEmail = '';
  beforeAll(async () => {
    c = await openCommunity(kind);
    const emailOf = async (id: string) =>
      (await c.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;
    learnerEmail = await emailOf(c.who.learner.id);
    mateEmail = await emailOf(c.who.mate.id);
  });
  afterAll(() => c.close());

  const compose = async (title: string, alsoMail: boolean) => {
    const res = await c.call('staff', 'POST', `${base}/notifications`, {
      audience: 'class',
      target_id: c.ids.fe,
      title,
      body: '本週四改到 20:00 上課。\n\n請提前十分鐘進教室。',
      category: 'training',
      link: `/training/${c.ids.fe}`,
      also_mail: alsoMail,
    });
    expect(res.statusCode).toBe(201);
    // The mails go out after the answer; settle waits for the background drain instead of a sleep.
    await c.t.app.background.settle();
    return res.json();
  };
  const mailsTitled = (title: string) => c.t.smtp.inbox.filter((m) => m.subject === `【Atrium】${title}`);
  const tokenIn = (text: string) => {
    const m = text.match(/\/unsubscribe\?token=([A-Za-z0-9_.%-]+)/);
    if (!m) throw new Error(`no unsubscribe link in: ${text}`);
    return decodeURIComponent(m[1]!);
  };

  it('mails class members whose preference allows it, with a one-click unsubscribe', async () => {
    // Both learners are in the class; the mate turned class announcement mails off in the portal.
    const mine = await c.call('learner', 'GET', '/v1/user/mail-preferences');
    expect(mine.json()).toEqual({ class_announcements: true });
    const off = await c.t.app.inject({
      method: 'PUT',
      url: '/v1/user/mail-preferences',
      headers: { authorization: `Bearer ${c.who.mate.token}` },
      payload: { class_announcements: false },
    });
    expect(off.json()).toEqual({ class_announcements: false });

    const sent = await compose('上課時間調整', true);
    expect(sent).toMatchObject({ also_mail: true, recipients: expect.any(Number) });
    const mails = mailsTitled('上課時間調整');
    expect(mails.map((m) => m.to)).toContain(learnerEmail);
    expect(mails.map((m) => m.to)).not.toContain(mateEmail);
    const mail = mails.find((m) => m.to === learnerEmail)!;
    expect(mail.text).toContain('請提前十分鐘進教室。');
    expect(mail.text).toContain(`http://localhost:3000/training/${c.ids.fe}`);
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/v1\/mail\/unsubscribe\?token=.+>$/,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const states = await c.db.select().from(broadcastMails).where(eq(broadcastMails.broadcastId, sent.id));
    expect(states.find((s) => s.userId === c.who.learner.id)?.state).toBe('sent');
    expect(states.find((s) => s.userId === c.who.mate.id)?.state).toBe('skipped');

    // Without the box ticked nothing is mailed (the in-portal message still goes out).
    const quiet = await compose('只在站內', false);
    expect(quiet.recipients).toBeGreaterThan(0);
    expect(mailsTitled('只在站內')).toEqual([]);

    // The mail client's one-click POST (RFC 8058): no sign-in, no cookies, a form body.
    const header = mail.headers['list-unsubscribe']!.slice(1, -1);
    const oneClick = await c.t.app.inject({
      method: 'POST',
      url: header.replace('http://localhost:3000', ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ email: learnerEmail, class_announcements: false });
    expect((await c.call('learner', 'GET', '/v1/user/mail-preferences')).json()).toEqual({
      class_announcements: false,
    });
    await compose('再次通知', true);
    const again = mailsTitled('再次通知').map((m) => m.to);
    expect(again.length).toBeGreaterThan(0);
    expect(again).not.toContain(learnerEmail);
    expect(again).not.toContain(mateEmail);

    // The footer link's confirm page POSTs the same token as JSON.
    const viaPage = await c.t.app.inject({
      method: 'POST',
      url: '/v1/mail/unsubscribe',
      payload: { token: tokenIn(mail.text) },
    });
    expect(viaPage.json()).toEqual({ email: learnerEmail, class_announcements: false });
  });

  it('refuses a forged or altered unsubscribe token in zh-TW', async () => {
    const other = Buffer.from(c.who.mate.id).toString('base64url');
    for (const token of [`${other}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, 'not-a-token-at-all']) {
      const res = await c.t.app.inject({ method: 'POST', url: '/v1/mail/unsubscribe', payload: { token } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'unsubscribe_link_invalid',
        message: '取消訂閱連結無效，請登入後在個人資料頁變更設定',
      });
    }
    // A genuine token with anything appended is refused too (issue 35), and the setting stays.
    const [id64, mac] = unsubscribeToken(c.t.app.config.ingest.secret, c.who.outsider.id).split('.');
    for (const token of [`${id64}.${mac}.extra`, `${id64}A.${mac}`]) {
      const res = await c.t.app.inject({ method: 'POST', url: '/v1/mail/unsubscribe', payload: { token } });
      expect(res.json().code, token).toBe('unsubscribe_link_invalid');
    }
    expect((await c.call('outsider', 'GET', '/v1/user/mail-preferences')).json()).toEqual({
      class_announcements: true,
    });
    const anonymous = await c.t.app.inject({ method: 'GET', url: '/v1/user/mail-preferences' });
    expect(anonymous.statusCode).toBe(401);
  });
});
