import type { Database } from '../../db/client.ts';
import { thirdpartyAccounts } from '../../db/schema.ts';

/**
 * Records (or updates) the external account of `platform` linked to a user; the profile's `thirdparty`
 * list shows it. For the course-platform and third-party sign-in flows.
 */
export async function linkThirdpartyAccount(
  db: Database,
  userId: string,
  account: { platform: string; email: string; externalId?: string },
): Promise<void> {
  await db
    .insert(thirdpartyAccounts)
    .values({ userId, platform: account.platform, email: account.email, externalId: account.externalId })
    .onConflictDoUpdate({
      target: [thirdpartyAccounts.userId, thirdpartyAccounts.platform],
      set: { email: account.email, externalId: account.externalId },
    });
}
