import type { RecordingNote } from '@atrium/protocol/recording-notes';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { replayNotes } from '../../db/schema.ts';
import type { AuthUser } from '../../types.d.ts';
import { labelUsers } from '../account/index.ts';
import { noteView } from './note-view.ts';

/** Notes on a session's moments, in the order of the moments (then of writing). */
export async function listNotes(db: Database, sessionId: string, viewer: AuthUser): Promise<RecordingNote[]> {
  const rows = await db
    .select()
    .from(replayNotes)
    .where(eq(replayNotes.sessionId, sessionId))
    .orderBy(asc(replayNotes.at), asc(replayNotes.createdAt));
  const authors = await labelUsers(
    db,
    rows.map((r) => r.authorId),
  );
  return rows.map((r) => noteView(r, viewer, authors.get(r.authorId)));
}
