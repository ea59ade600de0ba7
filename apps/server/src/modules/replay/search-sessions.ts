import type { Database } from '../../db/client.ts';
import { findUsersByText, labelUsers } from '../account/index.ts';
import { listSessions, type SessionSearch } from '../ingest/index.ts';

/**
 * The console's sessions search: `learner` (id, e-mail or nickname) becomes the matching accounts' ids,
 * then the recording filters apply; each session comes back with its learner's e-mail and nickname.
 */
export async function searchSessions(
  db: Database,
  input: Omit<SessionSearch, 'userIds'> & { learner?: string; userId?: string },
) {
  let userIds: string[] | undefined;
  if (input.learner) userIds = (await findUsersByText(db, input.learner)).map((u) => u.id);
  if (input.userId) userIds = userIds ? userIds.filter((id) => id === input.userId) : [input.userId];
  const result = await listSessions(db, { ...input, userIds });
  // The verified learner when there is one, else the claimed id's account (the console marks it claimed).
  const learnerOf = (s: { userId: string | null; verifiedUserId: string | null }) =>
    s.verifiedUserId ?? s.userId;
  const labels = await labelUsers(
    db,
    result.sessions.flatMap((s) => learnerOf(s) ?? []),
  );
  return {
    total: result.total,
    sessions: result.sessions.map((s) => {
      const id = learnerOf(s);
      const learner = id ? labels.get(id) : undefined;
      return { ...s, learnerEmail: learner?.email ?? null, learnerNickname: learner?.nickname ?? null };
    }),
  };
}

// Paging and order say nothing about whose recordings were looked for.
const notFilters = new Set(['page', 'pageSize', 'sort', 'order']);

/** The filters of a search as the audit trail keeps them (ADR 0044): who was looked for, and how. */
export function searchFilters(query: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([key, value]) => value !== undefined && !notFilters.has(key))
      .map(([key, value]) => [key, String(value)]),
  );
}
