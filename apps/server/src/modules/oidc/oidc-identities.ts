import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { oidcIdentities } from '../../db/schema.ts';
import { oidcErrors } from './oidc-errors.ts';

export type OidcIdentity = typeof oidcIdentities.$inferSelect;

export async function findIdentity(db: Database, issuer: string, subject: string) {
  const [row] = await db
    .select()
    .from(oidcIdentities)
    .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)))
    .limit(1);
  return row;
}

/**
 * Links the provider's account (issuer + subject) to a user. Idempotent for the same user; refused when
 * that account belongs to someone else, or the user already has another account of this provider.
 * True when the link is new (the owner is then mailed).
 */
export async function linkIdentity(
  db: Database,
  input: { userId: string; provider: string; issuer: string; subject: string; email: string },
): Promise<boolean> {
  const existing = await findIdentity(db, input.issuer, input.subject);
  if (existing) {
    if (existing.userId !== input.userId) throw oidcErrors.linkedElsewhere();
    await db.update(oidcIdentities).set({ email: input.email }).where(eq(oidcIdentities.id, existing.id));
    return false;
  }
  const inserted = await db.insert(oidcIdentities).values(input).onConflictDoNothing().returning();
  if (inserted.length > 0) return true;
  // Lost a race, or the user has another account of this provider already.
  const again = await findIdentity(db, input.issuer, input.subject);
  throw again && again.userId !== input.userId ? oidcErrors.linkedElsewhere() : oidcErrors.alreadyLinked();
}

/** The provider names and e-mails linked to a user: the OIDC part of the profile's `thirdparty`. */
export async function listOidcIdentities(db: Database, userId: string) {
  return db
    .select({ platform: oidcIdentities.provider, email: oidcIdentities.email })
    .from(oidcIdentities)
    .where(eq(oidcIdentities.userId, userId))
    .orderBy(oidcIdentities.createdAt);
}

export async function countOidcIdentities(db: Database, userId: string): Promise<number> {
  return (await listOidcIdentities(db, userId)).length;
}

/** Removes a link; false when there was none. */
export async function unlinkIdentity(db: Database, userId: string, provider: string): Promise<boolean> {
  const removed = await db
    .delete(oidcIdentities)
    .where(and(eq(oidcIdentities.userId, userId), eq(oidcIdentities.provider, provider)))
    .returning({ id: oidcIdentities.id });
  return removed.length > 0;
}
