import type { Profile } from '@atrium/protocol';
import type { Database } from '../../db/client.ts';
import type { UploadableBlobStore } from '../../lib/create-blob-store.ts';
import { claimAvatarUpload } from '../uploads/index.ts';
import { updateProfile } from './update-profile.ts';

/** Stores an uploaded avatar on the profile, once the uploads module vouches for its address and bytes. */
export async function setAvatar(
  db: Database,
  blobs: UploadableBlobStore,
  userId: string,
  imageUrl: string,
): Promise<Profile> {
  await claimAvatarUpload(db, blobs, userId, imageUrl);
  return updateProfile(db, userId, { avatar: imageUrl });
}
