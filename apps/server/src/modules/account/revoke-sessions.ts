import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

/** Signs one session out; its token stops working at once. */
export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Signs out every other session of a user (after a password change or reset), keeping `keep` if given. */
export async function revokeOtherSessions(db: Database, userId: string, keep?: string): Promise<void> {
  const mine = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(keep ? and(mine, ne(sessions.id, keep)) : mine);
}
