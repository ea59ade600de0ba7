import type { Page } from 'playwright-core';
import type { TestServer } from '../../support/server.ts';

export type StoredMessage = [number, ...unknown[]];

export interface RecordedSession {
  id: string;
  userId: string | null;
  /** The learner the portal's signed assertion named (ADR 0045). */
  verifiedUserId: string | null;
  batches: number;
  /** Every stored message of every batch, in upload order. */
  messages: StoredMessage[];
  /** The NDJSON exactly as the staff API serves the stored batches: what "never leaves the browser" is checked on. */
  raw: string;
}

async function staffGet(server: TestServer, auth: Record<string, string>, url: string) {
  const res = await server.app.inject({ method: 'GET', url, headers: auth });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res;
}

/** The recorded sessions of one user, read through the staff API as the replay console reads them. */
export async function recordedSessions(
  server: TestServer,
  staffAuth: Record<string, string>,
  userId: string,
): Promise<RecordedSession[]> {
  const list = (
    await staffGet(server, staffAuth, `/v1/console/sessions?user_id=${encodeURIComponent(userId)}`)
  ).json() as {
    sessions: { id: string; user_id: string | null; verified_user_id: string | null; batches: number }[];
  };
  const sessions: RecordedSession[] = [];
  for (const s of list.sessions) {
    const raw = (await staffGet(server, staffAuth, `/v1/console/sessions/${s.id}/messages`)).body;
    const messages = raw
      .split('\n')
      .filter(Boolean)
      .flatMap((line) => (JSON.parse(line) as { messages: StoredMessage[] }).messages);
    sessions.push({
      id: s.id,
      userId: s.user_id,
      verifiedUserId: s.verified_user_id,
      batches: s.batches,
      messages,
      raw,
    });
  }
  return sessions;
}

/** The signed-in user of a browser context, asked of the server with the context's token cookie. */
export async function userOfToken(server: TestServer, token: string): Promise<{ id: string; email: string }> {
  const res = await server.app.inject({
    method: 'GET',
    url: '/v1/entry',
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`GET /v1/entry: ${res.statusCode} ${res.body}`);
  return (res.json() as { user: { id: string; email: string } }).user;
}

declare global {
  interface Window {
    /** The portal's one tracker (its single-instance guard keeps it on window). */
    __atriumTrackerInstance?: { isActive(): boolean };
  }
}

/** Waits until the portal's tracker records the page (isActive() turns true once the ingest answered). */
export async function untilRecording(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__atriumTrackerInstance?.isActive() === true, undefined, {
    timeout: 30_000,
  });
}
