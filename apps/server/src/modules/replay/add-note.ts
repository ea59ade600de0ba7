import type { RecordingNote, RecordingNoteInput } from '@atrium/protocol/recording-notes';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { replayNotes } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AuthUser } from '../../types.d.ts';
import { labelUsers } from '../account/index.ts';
import { noteView } from './note-view.ts';

/** Notes one session may hold: far more than a review needs, few enough that its list is one small answer. */
export const NOTES_PER_SESSION = 500;

/** A staff member's note at a moment of a session that exists (the caller checked). */
export async function addNote(
  db: Database,
  sessionId: string,
  input: RecordingNoteInput,
  author: AuthUser,
): Promise<RecordingNote> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(replayNotes)
    .where(eq(replayNotes.sessionId, sessionId));
  if (n >= NOTES_PER_SESSION) throw badRequest('too_many_notes', `每段錄影最多 ${NOTES_PER_SESSION} 則備註`);
  const [row] = await db
    .insert(replayNotes)
    .values({
      sessionId,
      tabId: input.tab_id,
      at: input.at,
      text: input.text,
      authorId: author.id,
      authorEmail: author.email,
    })
    .returning();
  if (!row) throw new Error('note insert returned no row');
  return noteView(row, author, (await labelUsers(db, [author.id])).get(author.id));
}
