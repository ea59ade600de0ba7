import { LEARNER_METADATA_KEY, MessageType } from '@atrium/protocol/tracker/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { trackerStartBody } from '../../../test/tracker-start-body.ts';
import { LEARNER_ASSERTION_TTL_MS, signLearnerAssertion } from './learner-assertion.ts';

/**
 * Issue 18, finding 15: the ingest believed whatever `userID` the page sent. The portal now hands its tracker a
 * learner assertion the server signed; the console shows the verified learner, and a claim apart from it.
 */
describe.each(databaseKinds)('the verified learner of a recording on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let learner: TestUser;
  let victim: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createTestUser(t.app, { role: 'admin' });
    learner = await createTestUser(t.app);
    victim = await createTestUser(t.app);
  });
  afterAll(() => t.close());

  /** A recording whose page claims `claimed` and carries `assertion` as the portal's tracker does. */
  async function record(claimed: string, assertion?: string) {
    const started = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/start',
      payload: trackerStartBody({ userID: claimed }),
    });
    const { token, sessionID } = started.json() as { token: string; sessionID: string };
    const messages: unknown[][] = [
      [MessageType.Timestamp, Date.now()],
      [MessageType.UserID, claimed],
      ...(assertion ? [[MessageType.Metadata, LEARNER_METADATA_KEY, assertion]] : []),
    ];
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/i',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ batchId: 'b-0', tabId: 'tab-1', pageNo: 1, seq: 0, messages }),
    });
    expect(uploaded.statusCode).toBe(200);
    const summary = await t.app.inject({
      method: 'GET',
      url: `/v1/console/sessions/${sessionID}`,
      headers: admin.auth,
    });
    const stream = await t.app.inject({
      method: 'GET',
      url: `/v1/console/sessions/${sessionID}/messages`,
      headers: admin.auth,
    });
    return { session: summary.json(), stored: stream.body };
  }

  const assertionOf = async (user: TestUser) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/user/tracking-assertion',
      headers: user.auth,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { assertion: string }).assertion;
  };

  it('records the signed-in learner the server vouches for, apart from the id the page claims', async () => {
    const assertion = await assertionOf(learner);
    const { session, stored } = await record(victim.id, assertion);
    expect(session.verified_user_id).toBe(learner.id);
    expect(session.user_id).toBe(victim.id);
    // The console names the verified learner, not the claimed one.
    expect(session.learner_email).toBe(learner.email);
    // The assertion is not kept in the recording, where staff could read and replay it.
    expect(stored).not.toContain(assertion);
  });

  it('verifies nobody from a claim alone, a forged or an expired assertion', async () => {
    const claimOnly = await record(victim.id);
    expect(claimOnly.session).toMatchObject({ verified_user_id: null, user_id: victim.id });

    const forged = signLearnerAssertion('another-secret-of-at-least-32-characters!', victim.id).assertion;
    expect((await record(victim.id, forged)).session.verified_user_id).toBeNull();

    const secret = t.app.config.ingest.secret;
    const expired = signLearnerAssertion(secret, victim.id, Date.now() - LEARNER_ASSERTION_TTL_MS - 1000);
    expect((await record(victim.id, expired.assertion)).session.verified_user_id).toBeNull();
  });

  it('hands an assertion to signed-in users only', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/user/tracking-assertion' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});
