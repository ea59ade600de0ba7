import type { NotifyCreateBody } from '@atrium/protocol';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { findUserIds } from '../profile/find-user-ids.ts';
import { notifyUsers } from './notify-users.ts';

/** A message from staff to the listed users or to everyone; unknown ids are refused before anything is sent. */
export async function sendStaffNotification(db: Database, input: NotifyCreateBody): Promise<number> {
  const wanted = input.user_ids ? [...new Set(input.user_ids)] : undefined;
  const ids = await findUserIds(db, wanted);
  if (wanted && ids.length !== wanted.length) {
    const known = new Set(ids);
    const missing = wanted.filter((id) => !known.has(id));
    throw badRequest('unknown_users', `找不到使用者：${missing.slice(0, 5).join(', ')}`);
  }
  return notifyUsers(db, ids, input);
}
