import type { AvatarUploadResponse, AvatarUploadType } from '@atrium/protocol';
import type { Database } from '../../db/client.ts';
import { avatarUploads } from '../../db/schema.ts';
import type { UploadableBlobStore } from '../../lib/create-blob-store.ts';
import { randomToken } from '../../lib/tokens.ts';
import { avatarKey, avatarPath, avatarUploadKey, UPLOAD_TTL_SECONDS } from './avatar-names.ts';
import { signUpload } from './upload-signature.ts';

/**
 * A fresh upload address for one avatar of `userId`: presigned by S3, or signed by us for the disk store.
 * The image address is recorded so that only it can later become this user's avatar.
 */
export async function issueAvatarUpload(
  db: Database,
  blobs: UploadableBlobStore,
  userId: string,
  type: AvatarUploadType,
): Promise<AvatarUploadResponse> {
  const contentType = type === 'png' ? 'image/png' : 'image/jpeg';
  // 18 random bytes = 24 base64url characters; a new name per upload makes every address immutable.
  const name = `${randomToken(18)}.${type === 'png' ? 'png' : 'jpg'}`;
  const expiresAt = new Date(Date.now() + UPLOAD_TTL_SECONDS * 1000);
  // The image address names the final key, the upload address another one (ADR 0014).
  const imageUrl = blobs.publicUrl ? blobs.publicUrl(avatarKey(name)) : avatarPath(name);
  const uploadUrl = blobs.presignPut
    ? await blobs.presignPut(avatarUploadKey(name), contentType, UPLOAD_TTL_SECONDS)
    : `${avatarPath(name)}?${signUpload(name, expiresAt)}`;
  await db.insert(avatarUploads).values({ userId, name, contentType, imageUrl, expiresAt });
  return { upload_url: uploadUrl, image_url: imageUrl };
}
