import { getAsUser } from '@atrium/web/api/early-get.ts';
import { sessionPath } from '../session-path.ts';

/** Where a session's message stream (NDJSON, one batch a line) is read. */
export const messagesPath = (sessionId: string) => `${sessionPath(sessionId)}/messages`;

/** GET a session's message stream as the staff member signed in. */
export const requestMessages = (sessionId: string, signal: AbortSignal): Promise<Response> =>
  getAsUser(messagesPath(sessionId), signal, 'application/x-ndjson');
