import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { coursePlatformAccounts } from '../../db/schema.ts';
import { findUserById } from '../account/index.ts';
import { unlinkThirdpartyAccount } from '../profile/index.ts';
import { coursePlatformErrors } from './course-platform-errors.ts';

/**
 * The learner unbinds their course-platform account (issue 23): the binding, its tokens and the profile's
 * 「Teachable：…」 line go; the platform account no longer signs anyone in here. An account with no password
 * keeps it, or nothing would sign it in any more (the password reset sets one).
 */
export async function unbindPlatform(db: Database, userId: string, platform: string): Promise<void> {
  const user = await findUserById(db, userId);
  const [bound] = await db
    .select({ id: coursePlatformAccounts.id })
    .from(coursePlatformAccounts)
    .where(and(eq(coursePlatformAccounts.userId, userId), eq(coursePlatformAccounts.platform, platform)))
    .limit(1);
  if (!user || !bound) throw coursePlatformErrors.notBound();
  if (!user.passwordHash) throw coursePlatformErrors.lastSignIn();
  await db.delete(coursePlatformAccounts).where(eq(coursePlatformAccounts.id, bound.id));
  await unlinkThirdpartyAccount(db, userId, platform);
}
