import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestProjects, ingestSessions } from '../../db/schema.ts';

/**
 * The id of the recording with this id (in the project with this key, when given), or null: for modules that
 * address recordings by id (assist's rooms and tab recordings) without reading ingest's tables.
 */
export async function findRecordingId(
  db: Database,
  sessionId: string,
  projectKey?: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: ingestSessions.id })
    .from(ingestSessions)
    .innerJoin(ingestProjects, eq(ingestProjects.id, ingestSessions.projectId))
    .where(
      and(
        eq(ingestSessions.id, sessionId),
        projectKey === undefined ? undefined : eq(ingestProjects.key, projectKey),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}
