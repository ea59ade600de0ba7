import type { Profile } from '@atrium/protocol';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { thirdpartyAccounts } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { findUserById } from '../account/index.ts';
import { listOidcIdentities } from '../oidc/index.ts';

/** The profile of spec 1 §3; a null first or last name reads as an empty string. */
export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  const linked = await db
    .select({ platform: thirdpartyAccounts.platform, email: thirdpartyAccounts.email })
    .from(thirdpartyAccounts)
    .where(eq(thirdpartyAccounts.userId, userId))
    .orderBy(asc(thirdpartyAccounts.createdAt));
  return {
    nickname: user.nickname,
    first_name: user.firstName ?? '',
    last_name: user.lastName ?? '',
    description: user.description,
    avatar: user.avatar,
    // The course platform's link (profile table) and the third-party sign-ins (the OIDC module's).
    thirdparty: [...linked, ...(await listOidcIdentities(db, userId))],
  };
}
