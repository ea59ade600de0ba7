import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';

export interface NewSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

/** Opens a session for a user; the returned token is shown once and only its hash is kept. */
export async function createSession(
  db: Database,
  input: {
    userId: string;
    ttlDays: number;
    userAgent?: string;
    ip?: string;
    /**
     * Impersonation sessions (ADR 0035): the minting admin, the admin's own session (ADR 0043: signing out
     * of either ends both), and the limit that replaces ttlDays.
     */
    impersonation?: { adminId: string; adminSessionId: string; expiresAt: Date };
  },
): Promise<NewSession> {
  const token = randomToken();
  const expiresAt = input.impersonation?.expiresAt ?? new Date(Date.now() + input.ttlDays * 86_400_000);
  const [row] = await db
    .insert(sessions)
    .values({
      userId: input.userId,
      tokenHash: sha256(token),
      expiresAt,
      userAgent: (input.userAgent ?? '').slice(0, 512),
      ip: input.ip ?? '',
      impersonatorId: input.impersonation?.adminId ?? null,
      impersonatorSessionId: input.impersonation?.adminSessionId ?? null,
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id, expiresAt };
}
