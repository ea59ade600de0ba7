import type { Profile } from '@atrium/protocol';
import type { Database } from '../../db/client.ts';
import { type UserProfileFields, updateUserProfile } from '../account/index.ts';
import { getProfile } from './get-profile.ts';

export type ProfilePatch = UserProfileFields;

/** Writes already-validated profile fields and answers the whole profile, so the portal refreshes once. */
export async function updateProfile(db: Database, userId: string, patch: ProfilePatch): Promise<Profile> {
  await updateUserProfile(db, userId, patch);
  return getProfile(db, userId);
}
