import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestSessions } from '../../db/schema.ts';

/** The learner the server recorded for each of these sessions (ADR 0045), by session id; unverified ones left out. */
export async function verifiedLearners(
  db: Database,
  sessionIds: readonly string[],
): Promise<Map<string, string>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: ingestSessions.id, userId: ingestSessions.verifiedUserId })
    .from(ingestSessions)
    .where(inArray(ingestSessions.id, [...new Set(sessionIds)]));
  return new Map(rows.flatMap((r) => (r.userId ? [[r.id, r.userId] as const] : [])));
}
