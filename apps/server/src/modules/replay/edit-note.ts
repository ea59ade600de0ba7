import type { RecordingNote, RecordingNotePatch } from '@atrium/protocol/recording-notes';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { replayNotes } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../types.d.ts';
import { labelUsers } from '../account/index.ts';
import { findOwnNote } from './find-own-note.ts';
import { noteView } from './note-view.ts';

/** Changes a note's text (its author's, or any as an admin); the moment it is about stays. */
export async function editNote(
  db: Database,
  sessionId: string,
  noteId: string,
  patch: RecordingNotePatch,
  caller: AuthUser,
): Promise<RecordingNote> {
  await findOwnNote(db, sessionId, noteId, caller);
  const [row] = await db
    .update(replayNotes)
    .set({ text: patch.text, updatedAt: new Date() })
    .where(eq(replayNotes.id, noteId))
    .returning();
  // Deleted between the check and the update.
  if (!row) throw notFound('找不到此備註', 'note_not_found');
  return noteView(row, caller, (await labelUsers(db, [row.authorId])).get(row.authorId));
}
