import type { Profile } from '@atrium/protocol';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { getProfile } from './get-profile.ts';

export interface ProfilePatch {
  nickname?: string;
  firstName?: string;
  lastName?: string;
  description?: string;
  avatar?: string;
}

/** Writes already-validated profile fields and answers the whole profile, so the portal refreshes once. */
export async function updateProfile(db: Database, userId: string, patch: ProfilePatch): Promise<Profile> {
  await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return getProfile(db, userId);
}
