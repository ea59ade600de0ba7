import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { replayNotes } from '../../db/schema.ts';
import type { AuthUser } from '../../types.d.ts';
import { findOwnNote } from './find-own-note.ts';

/** Removes a note (its author's, or any as an admin). */
export async function deleteNote(db: Database, sessionId: string, noteId: string, caller: AuthUser) {
  await findOwnNote(db, sessionId, noteId, caller);
  await db.delete(replayNotes).where(eq(replayNotes.id, noteId));
}
