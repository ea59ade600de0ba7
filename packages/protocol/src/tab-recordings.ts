import { z } from 'zod';

/**
 * The staff API over agents' recordings of a learner's tab (/v1/console/assist/recordings; ADR 0042, 0046):
 * made only after the learner agreed, uploaded as WebM, listed with the session. Ours: snake_case, strict
 * query strings (an unknown name answers 400).
 */
export const tabRecording = z.object({
  id: z.string(),
  session_id: z.string(),
  agent_id: z.string().nullable(),
  bytes: z.number(),
  duration_ms: z.number(),
  created_at: z.string(),
});
export type TabRecording = z.infer<typeof tabRecording>;

/** POST /recordings/:session_id?duration_ms= — the body is the WebM itself. */
export const tabRecordingUploadParams = z.object({ session_id: z.uuid() });
export const tabRecordingUploadQuery = z.strictObject({
  duration_ms: z.coerce.number<string | number>().int().min(0).max(86_400_000).default(0),
});
export type TabRecordingUploadQuery = z.input<typeof tabRecordingUploadQuery>;

/** GET /recordings?session_id= */
export const tabRecordingListQuery = z.strictObject({ session_id: z.uuid() });
export const tabRecordingList = z.object({ list: z.array(tabRecording) });
export type TabRecordingList = z.infer<typeof tabRecordingList>;

export const tabRecordingParams = z.object({ id: z.uuid() });
