import { readSessionToken } from '@atrium/web/api/session-token.ts';

/** The session page's address under the console's base (`/console/sessions/:id`, any query after it). */
const SESSION_PAGE = /^\/console\/sessions\/([^/]+)\/?$/;
/** An early request nobody took by then (the page never opened: signed out, navigated away) is dropped. */
const UNCLAIMED_MS = 30_000;

/** GET a session's message stream (NDJSON), as the staff member signed in; `origin` '' is the page's own. */
export function requestMessages(sessionId: string, signal: AbortSignal, origin = ''): Promise<Response> {
  const token = readSessionToken();
  return fetch(`${origin}/v1/console/sessions/${encodeURIComponent(sessionId)}/messages`, {
    credentials: 'include',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal,
  });
}

let early: { sessionId: string; response: Promise<Response>; controller: AbortController } | null = null;

/**
 * When the console is opened on a session's page, asks for its recording at once, while the console's own
 * chunks, the sign-in check and the session's summary are still on their way (each waits for the one
 * before): on a first open that chain is most of the time to the first frame (ADR 0028). The session page
 * takes the answer once (`takeEarlyRecording`); the request is the page's own, audited as its read.
 */
export function requestRecordingEarly(page: { origin: string; pathname: string }): void {
  const match = SESSION_PAGE.exec(page.pathname);
  if (!match?.[1]) return;
  let sessionId: string;
  try {
    sessionId = decodeURIComponent(match[1]);
  } catch {
    return;
  }
  const controller = new AbortController();
  const response = requestMessages(sessionId, controller.signal, page.origin);
  // Nobody may ever take it: its failure is the page's to report, through its own request.
  response.catch(() => undefined);
  const entry = { sessionId, response, controller };
  early = entry;
  setTimeout(() => {
    if (early !== entry) return;
    early = null;
    controller.abort();
  }, UNCLAIMED_MS);
}

/**
 * The early request of `sessionId`'s recording, once (null if there is none, or it was for another session);
 * aborting `signal` aborts it.
 */
export function takeEarlyRecording(sessionId: string, signal: AbortSignal): Promise<Response> | null {
  if (!early || early.sessionId !== sessionId) return null;
  const { response, controller } = early;
  early = null;
  if (signal.aborted) controller.abort();
  else signal.addEventListener('abort', () => controller.abort(), { once: true });
  return response;
}
