import type { RecordingNote } from '@atrium/protocol/recording-notes';
import type { replayNotes } from '../../db/schema.ts';
import type { AuthUser } from '../../types.d.ts';

export type NoteRow = typeof replayNotes.$inferSelect;
export type AuthorLabel = { email: string; nickname: string | null };

/** Who may change a note: its author, or any admin (ADR 0064). */
export function mayChangeNote(row: NoteRow, viewer: AuthUser): boolean {
  return row.authorId === viewer.id || viewer.role === 'admin';
}

/** A stored note as the console reads it; the author's current name when the account still exists. */
export function noteView(row: NoteRow, viewer: AuthUser, author: AuthorLabel | undefined): RecordingNote {
  return {
    id: row.id,
    session_id: row.sessionId,
    tab_id: row.tabId,
    at: row.at,
    text: row.text,
    author_id: row.authorId,
    author_name: author?.nickname || author?.email || row.authorEmail,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    editable: mayChangeNote(row, viewer),
  };
}
