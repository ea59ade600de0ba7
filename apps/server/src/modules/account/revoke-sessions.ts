import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

/**
 * Signs one session out; its token stops working at once. An impersonation session takes the admin session
 * that minted it along, and an admin session the impersonations it minted (ADR 0043): a sign-out while viewing
 * as a learner must leave no admin sign-in behind for the browser to restore.
 */
export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  const [row] = await db
    .select({ minter: sessions.impersonatorSessionId })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  const ids = row?.minter ? [sessionId, row.minter] : [sessionId];
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        isNull(sessions.revokedAt),
        or(inArray(sessions.id, ids), inArray(sessions.impersonatorSessionId, ids)),
      ),
    );
}

/** Signs out every other session of a user (after a password change or reset), keeping `keep` if given. */
export async function revokeOtherSessions(db: Database, userId: string, keep?: string): Promise<void> {
  const mine = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(keep ? and(mine, ne(sessions.id, keep)) : mine);
}
