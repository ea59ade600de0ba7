import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { AuthUser } from '../../types.d.ts';

// Writing last_seen_at on every request would turn reads into writes; once every 5 minutes is enough
// for "active sessions" lists.
const TOUCH_AFTER_MS = 5 * 60_000;

/** The signed-in user behind a session token, or null when the token is unknown, revoked or expired. */
export async function findSessionUser(db: Database, token: string): Promise<AuthUser | null> {
  if (!token || token.length > 200) return null;
  const now = new Date();
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      email: users.email,
      role: users.role,
      impersonatorId: sessions.impersonatorId,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sha256(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        // A disabled account's sessions stop at once, whatever else still holds its token.
        isNull(users.disabledAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, row.sessionId), lt(sessions.lastSeenAt, now)));
  }
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    sessionId: row.sessionId,
    impersonatorId: row.impersonatorId,
    expiresAt: row.expiresAt,
  };
}
