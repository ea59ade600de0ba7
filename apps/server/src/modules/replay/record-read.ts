import type { Database } from '../../db/client.ts';
import { replayAudit } from '../../db/schema.ts';
import type { AuthUser } from '../../types.d.ts';

export type AuditAction = (typeof replayAudit.$inferInsert)['action'];

/** Writes who read (or deleted) which recording, before the recording is answered. */
export async function recordRead(db: Database, staff: AuthUser, sessionId: string, action: AuditAction) {
  await db.insert(replayAudit).values({ staffId: staff.id, staffEmail: staff.email, sessionId, action });
}
