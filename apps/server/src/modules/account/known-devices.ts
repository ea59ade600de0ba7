import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { knownDevices } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { DEVICE_TTL_MS } from './lifetimes.ts';

/** True when this browser's `device` cookie passed a code for this user within the last year. */
export async function isKnownDevice(
  db: Database,
  userId: string,
  device: string | undefined,
): Promise<boolean> {
  if (!device || device.length > 200) return false;
  const now = new Date();
  const touched = await db
    .update(knownDevices)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(knownDevices.userId, userId),
        eq(knownDevices.tokenHash, sha256(device)),
        gt(knownDevices.expiresAt, now),
      ),
    )
    .returning({ id: knownDevices.id });
  return touched.length > 0;
}

/**
 * Remembers the browser for the user and returns the cookie value to set. A browser that already has a
 * device value keeps it, so one browser can be known for several accounts.
 */
export async function rememberDevice(
  db: Database,
  userId: string,
  device: string | undefined,
): Promise<{ device: string; expiresAt: Date }> {
  const value = device && /^[A-Za-z0-9_-]{43}$/.test(device) ? device : randomToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + DEVICE_TTL_MS);
  await db
    .insert(knownDevices)
    .values({ userId, tokenHash: sha256(value), expiresAt, lastUsedAt: now })
    .onConflictDoUpdate({
      target: [knownDevices.tokenHash, knownDevices.userId],
      set: { expiresAt, lastUsedAt: now },
    });
  return { device: value, expiresAt };
}

/** Forgets every browser of a user (after a password reset: a thief's browser must not stay trusted). */
export async function forgetDevices(db: Database, userId: string): Promise<void> {
  await db.delete(knownDevices).where(eq(knownDevices.userId, userId));
}
