import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { replayNotes } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../types.d.ts';
import { mayChangeNote, type NoteRow } from './note-view.ts';

/** A session's note the caller may change: 404 when it is not that session's, 403 when it is someone else's. */
export async function findOwnNote(
  db: Database,
  sessionId: string,
  noteId: string,
  caller: AuthUser,
): Promise<NoteRow> {
  const [row] = await db
    .select()
    .from(replayNotes)
    .where(and(eq(replayNotes.id, noteId), eq(replayNotes.sessionId, sessionId)))
    .limit(1);
  if (!row) throw notFound('找不到此備註', 'note_not_found');
  if (!mayChangeNote(row, caller)) throw forbidden('只能修改自己的備註', 'not_note_author');
  return row;
}
