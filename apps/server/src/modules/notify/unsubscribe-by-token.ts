import type { UnsubscribeResult } from '@atrium/protocol/mail-preferences';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { labelUsers } from '../account/index.ts';
import { setMailPreferences } from './mail-preferences.ts';
import { unsubscribeTokenUser } from './unsubscribe-token.ts';

/** A mail's unsubscribe link, used without signing in: class announcement mails off for its learner. */
export async function unsubscribeByToken(
  db: Database,
  secret: string,
  token: string,
): Promise<UnsubscribeResult> {
  const userId = unsubscribeTokenUser(secret, token);
  const label = userId ? (await labelUsers(db, [userId])).get(userId) : undefined;
  if (!userId || !label)
    throw badRequest('unsubscribe_link_invalid', '取消訂閱連結無效，請登入後在個人資料頁變更設定');
  await setMailPreferences(db, userId, { class_announcements: false });
  return { email: label.email, class_announcements: false };
}
