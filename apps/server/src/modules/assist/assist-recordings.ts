import { randomBytes } from 'node:crypto';
import type { TabRecording } from '@atrium/protocol/tab-recordings';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { assistRecordings } from '../../db/schema.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { findRecordingId } from '../ingest/index.ts';

/** A tab recording is at most this large (about 10 minutes of a typical WebM screen capture). */
export const MAX_RECORDING_BYTES = 100 * 1024 * 1024;
// Every WebM (Matroska) file starts with the EBML header id.
const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** Stores an agent's capture of a learner's tab, after checking it is a WebM of a session that exists. */
export async function saveAssistRecording(
  db: Database,
  blobs: BlobStore,
  input: { sessionId: string; agentId: string; body: Buffer; durationMs: number },
  /** Spends the learner's consent for this upload; false refuses it (checked after the file's own checks). */
  claimConsent: () => boolean,
) {
  if (input.body.length < 16 || !input.body.subarray(0, 4).equals(EBML))
    throw badRequest('invalid_recording', '錄影檔格式不正確（需為 WebM）');
  const recordingId = await findRecordingId(db, input.sessionId);
  if (!recordingId) throw notFound('找不到此工作階段');
  const session = { id: recordingId };
  if (!claimConsent()) throw forbidden('學員未同意這段錄影，無法上傳', 'recording_not_accepted');
  const blobKey = `assist-recordings/${session.id}/${Date.now()}-${randomBytes(6).toString('hex')}.webm`;
  await blobs.put(blobKey, input.body, 'video/webm');
  const [row] = await db
    .insert(assistRecordings)
    .values({
      sessionId: session.id,
      agentId: input.agentId,
      blobKey,
      bytes: input.body.length,
      durationMs: input.durationMs,
    })
    .returning();
  return toView(row!);
}

export async function listAssistRecordings(db: Database, sessionId: string) {
  const rows = await db
    .select()
    .from(assistRecordings)
    .where(eq(assistRecordings.sessionId, sessionId))
    .orderBy(desc(assistRecordings.createdAt))
    .limit(200);
  return rows.map(toView);
}

/** The WebM of a recording; `audit` runs (and may refuse) once the recording is known, before the file opens. */
export async function openAssistRecording(
  db: Database,
  blobs: BlobStore,
  id: string,
  audit: (sessionId: string) => Promise<void>,
) {
  const [row] = await db.select().from(assistRecordings).where(eq(assistRecordings.id, id)).limit(1);
  if (!row) throw notFound('找不到此錄影');
  await audit(row.sessionId);
  const file = await blobs.stream(row.blobKey);
  if (!file) throw notFound('找不到此錄影');
  return file;
}

function toView(row: typeof assistRecordings.$inferSelect): TabRecording {
  return {
    id: row.id,
    session_id: row.sessionId,
    agent_id: row.agentId,
    bytes: row.bytes,
    duration_ms: row.durationMs,
    created_at: row.createdAt.toISOString(),
  };
}
