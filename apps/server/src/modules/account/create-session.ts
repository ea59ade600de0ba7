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
  input: { userId: string; ttlDays: number; userAgent?: string; ip?: string },
): Promise<NewSession> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + input.ttlDays * 86_400_000);
  const [row] = await db
    .insert(sessions)
    .values({
      userId: input.userId,
      tokenHash: sha256(token),
      expiresAt,
      userAgent: (input.userAgent ?? '').slice(0, 512),
      ip: input.ip ?? '',
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id, expiresAt };
}
