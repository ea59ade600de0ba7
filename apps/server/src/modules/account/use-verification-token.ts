import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { verificationTokens } from '../../db/schema.ts';
import { safeEqual, sha256 } from '../../lib/tokens.ts';
import { accountErrors } from './account-errors.ts';
import { codeHashOf, type TokenPurpose } from './issue-verification-token.ts';
import { MAX_CODE_ATTEMPTS } from './lifetimes.ts';

export type TokenRow = typeof verificationTokens.$inferSelect;

/** The token a link carries, if it is unused and live; otherwise link_invalid or link_expired. */
export async function findLinkToken(
  db: Database,
  token: string,
  purposes: TokenPurpose[],
): Promise<TokenRow> {
  const [row] = await db
    .select()
    .from(verificationTokens)
    .where(
      and(eq(verificationTokens.tokenHash, sha256(token)), inArray(verificationTokens.purpose, purposes)),
    )
    .limit(1);
  if (!row || row.usedAt) throw accountErrors.linkInvalid();
  if (row.expiresAt.getTime() <= Date.now()) throw accountErrors.linkExpired();
  return row;
}

/** Marks a token used; false when another request used it first (or it expired meanwhile). */
export async function markTokenUsed(db: Database, id: string): Promise<boolean> {
  const now = new Date();
  const used = await db
    .update(verificationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(verificationTokens.id, id),
        isNull(verificationTokens.usedAt),
        gt(verificationTokens.expiresAt, now),
        lt(verificationTokens.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({ id: verificationTokens.id });
  return used.length === 1;
}

/** True when the token is unused, live and its code is this one. Writes nothing. */
export function isLiveCode(row: TokenRow, code: string): boolean {
  if (row.usedAt || row.attempts >= MAX_CODE_ATTEMPTS || row.expiresAt.getTime() <= Date.now()) return false;
  return !!row.codeHash && safeEqual(row.codeHash, codeHashOf(row.id, code));
}

/**
 * Checks a login code against its ticket and uses the ticket up when it matches. A wrong code counts an
 * attempt; the fifth wrong one kills the ticket. Only the browser holding the ticket (it typed the password)
 * can do that; a registration code, which anyone can type with an address, is never killed (ADR 0013).
 */
export async function useTokenCode(db: Database, row: TokenRow, code: string): Promise<void> {
  if (row.usedAt || row.attempts >= MAX_CODE_ATTEMPTS || row.expiresAt.getTime() <= Date.now()) {
    throw accountErrors.codeExpired();
  }
  if (row.codeHash && safeEqual(row.codeHash, codeHashOf(row.id, code))) {
    if (!(await markTokenUsed(db, row.id))) throw accountErrors.codeExpired();
    return;
  }
  const [counted] = await db
    .update(verificationTokens)
    .set({
      attempts: sql`${verificationTokens.attempts} + 1`,
      usedAt: sql`case when ${verificationTokens.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then now() else null end`,
    })
    .where(and(eq(verificationTokens.id, row.id), isNull(verificationTokens.usedAt)))
    .returning({ attempts: verificationTokens.attempts });
  if (!counted || counted.attempts >= MAX_CODE_ATTEMPTS) throw accountErrors.codeExpired();
  throw accountErrors.codeInvalid();
}

/** The newest token of a user for a purpose (the one its latest mailed code belongs to), whatever its state. */
export async function findUserCodeToken(
  db: Database,
  userId: string,
  purpose: TokenPurpose,
): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationTokens)
    .where(and(eq(verificationTokens.userId, userId), eq(verificationTokens.purpose, purpose)))
    .orderBy(sql`${verificationTokens.createdAt} desc`)
    .limit(1);
  return row;
}

/** The login ticket behind a `login_ticket` cookie, whatever its state (the caller judges it). */
export async function findLoginTicket(db: Database, ticket: string): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationTokens)
    .where(and(eq(verificationTokens.tokenHash, sha256(ticket)), eq(verificationTokens.purpose, 'login')))
    .limit(1);
  return row;
}

/** Retires every unused token of a user (after a reset: old links and login tickets must die). */
export async function retireUserTokens(db: Database, userId: string): Promise<void> {
  await db
    .update(verificationTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationTokens.userId, userId), isNull(verificationTokens.usedAt)));
}
