import type { Database } from '../../db/client.ts';
import { findUserById } from '../account/index.ts';

/** The name printed on a certificate: last + first name, else the nickname, else the e-mail's local part. */
export async function learnerName(db: Database, userId: string): Promise<string> {
  const u = await findUserById(db, userId);
  if (!u) return '';
  const full = `${u.lastName ?? ''}${u.firstName ?? ''}`.trim();
  return full || u.nickname || u.email.split('@')[0] || '';
}
