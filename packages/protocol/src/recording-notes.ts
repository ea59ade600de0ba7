import { z } from 'zod';

/**
 * Notes staff leave on a moment of a recorded session (/v1/console/sessions/:id/notes; ADR 0064): the text,
 * who wrote it, and the tab and epoch-ms moment it is about. snake_case like the other staff APIs.
 */

/** A note's text: what a short remark needs, bounded so one note cannot be made huge. */
export const NOTE_MAX_CHARS = 2000;

export const recordingNoteParams = z.object({ id: z.uuid(), noteId: z.uuid() });

/** POST /v1/console/sessions/:id/notes — a note at the playhead of one tab. */
export const recordingNoteInput = z.strictObject({
  tab_id: z.string().min(1).max(100),
  /** Epoch ms of the moment the note is about. */
  at: z.number().int().min(0).max(8_640_000_000_000),
  text: z.string().trim().min(1, '請輸入備註').max(NOTE_MAX_CHARS, `備註最多 ${NOTE_MAX_CHARS} 字`),
});
export type RecordingNoteInput = z.infer<typeof recordingNoteInput>;

/** PATCH /v1/console/sessions/:id/notes/:noteId — only the text changes; the moment stays. */
export const recordingNotePatch = recordingNoteInput.pick({ text: true }).strict();
export type RecordingNotePatch = z.infer<typeof recordingNotePatch>;

export const recordingNote = z.object({
  id: z.uuid(),
  session_id: z.uuid(),
  tab_id: z.string(),
  at: z.number(),
  text: z.string(),
  author_id: z.string(),
  /** The author's nickname, else e-mail; the e-mail kept at writing when the account is gone. */
  author_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Whether the caller may edit or delete it: their own, or any as an admin. */
  editable: z.boolean(),
});
export type RecordingNote = z.infer<typeof recordingNote>;
export const recordingNoteList = z.array(recordingNote);
