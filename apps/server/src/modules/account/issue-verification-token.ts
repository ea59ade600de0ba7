import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { verificationTokens } from '../../db/schema.ts';
import { randomCode, randomToken, sha256 } from '../../lib/tokens.ts';
import { TOKEN_TTL_MS } from './lifetimes.ts';

export type TokenPurpose = 'verify' | 'claim' | 'reset' | 'login';

export interface IssuedToken {
  token: string;
  /** Present when `withCode` was asked for: the 6-digit code to mail. */
  code?: string;
  expiresAt: Date;
}

/** The stored form of a code: bound to its token id, so equal codes of two tokens hash differently. */
export function codeHashOf(tokenId: string, code: string): string {
  return sha256(`${tokenId}:${code}`);
}

/**
 * Issues a new single-use token for a user and retires the user's older unused ones of the same purpose,
 * so only the latest mail works.
 */
export async function issueVerificationToken(
  db: Database,
  input: { userId: string; purpose: TokenPurpose; withCode?: boolean },
): Promise<IssuedToken> {
  const id = randomUUID();
  const token = randomToken();
  const code = input.withCode ? randomCode(6) : undefined;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS[input.purpose]);
  await db.transaction(async (tx) => {
    await tx
      .update(verificationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(verificationTokens.userId, input.userId),
          eq(verificationTokens.purpose, input.purpose),
          isNull(verificationTokens.usedAt),
        ),
      );
    await tx.insert(verificationTokens).values({
      id,
      userId: input.userId,
      purpose: input.purpose,
      tokenHash: sha256(token),
      codeHash: code ? codeHashOf(id, code) : null,
      expiresAt,
    });
  });
  return { token, code, expiresAt };
}
