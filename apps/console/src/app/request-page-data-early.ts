import { startEarlyGet } from '@atrium/web/api/early-get.ts';
import { readSessionToken } from '@atrium/web/api/session-token.ts';
import { messagesPath } from '../features/sessions/player/request-messages.ts';
import { sessionPath } from '../features/sessions/session-path.ts';

/** The session page's address under the console's base (`/console/sessions/:id`, any query after it). */
const SESSION_PAGE = /^\/console\/sessions\/([^/]+)\/?$/;

/**
 * Asks for what the opened page will ask for first, before the console's code is in: the sign-in check every
 * page waits on and, on a session's page, its summary and recording, which the first frame waits on. On a
 * first open the console's 1.4 MB of scripts take ~0.5 s to arrive and compile, and these calls otherwise
 * leave only after it, each after the one before (ADR 0028). Signed out, nothing is asked: the page goes to
 * sign-in.
 */
export function requestPageDataEarly(page: { origin: string; pathname: string }): void {
  if (!readSessionToken()) return;
  startEarlyGet('/v1/entry', page.origin);
  const match = SESSION_PAGE.exec(page.pathname);
  if (!match?.[1]) return;
  let sessionId: string;
  try {
    sessionId = decodeURIComponent(match[1]);
  } catch {
    return;
  }
  startEarlyGet(sessionPath(sessionId), page.origin);
  startEarlyGet(messagesPath(sessionId), page.origin, 'application/x-ndjson');
}
