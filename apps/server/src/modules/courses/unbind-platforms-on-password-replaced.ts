import { eq } from 'drizzle-orm';
import { coursePlatformAccounts } from '../../db/schema.ts';
import { onPasswordReplaced } from '../account/index.ts';
import { unlinkThirdpartyAccount } from '../profile/index.ts';

let subscribed = false;

/**
 * A reset or change of the password unbinds every course-platform account (ADR 0043): a binding made by
 * someone who had the password would otherwise keep signing them in. The learner binds again if wanted.
 */
export function subscribeUnbindOnPasswordReplaced(): void {
  if (subscribed) return;
  subscribed = true;
  onPasswordReplaced(async ({ db, userId }) => {
    const removed = await db
      .delete(coursePlatformAccounts)
      .where(eq(coursePlatformAccounts.userId, userId))
      .returning({ platform: coursePlatformAccounts.platform });
    for (const { platform } of removed) await unlinkThirdpartyAccount(db, userId, platform);
  });
}
