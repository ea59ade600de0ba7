import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { thirdpartyAccounts } from '../../db/schema.ts';

/** Removes the profile's record of a user's external account of `platform` (when it is unbound). */
export async function unlinkThirdpartyAccount(db: Database, userId: string, platform: string): Promise<void> {
  await db
    .delete(thirdpartyAccounts)
    .where(and(eq(thirdpartyAccounts.userId, userId), eq(thirdpartyAccounts.platform, platform)));
}
