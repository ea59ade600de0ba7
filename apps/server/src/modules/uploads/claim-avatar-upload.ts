import { AVATAR_MAX_BYTES, profileMessages } from '@atrium/protocol';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { avatarUploads } from '../../db/schema.ts';
import type { UploadableBlobStore } from '../../lib/create-blob-store.ts';
import { badRequest } from '../../lib/errors.ts';
import { avatarKey, CLAIM_TTL_MS } from './avatar-names.ts';
import { avatarTooLarge, checkAvatarBytes } from './check-avatar-bytes.ts';

/**
 * Confirms that `imageUrl` was issued to `userId` and that valid bytes sit behind it, then marks it
 * stored (public). A presigned S3 PUT cannot limit size or type, so the object is checked here and
 * deleted when it is not a png/jpeg of at most 2 MB.
 */
export async function claimAvatarUpload(
  db: Database,
  blobs: UploadableBlobStore,
  userId: string,
  imageUrl: string,
): Promise<void> {
  const [upload] = await db
    .select({ id: avatarUploads.id, name: avatarUploads.name, contentType: avatarUploads.contentType })
    .from(avatarUploads)
    .where(
      and(
        eq(avatarUploads.imageUrl, imageUrl),
        eq(avatarUploads.userId, userId),
        gt(avatarUploads.createdAt, new Date(Date.now() - CLAIM_TTL_MS)),
      ),
    )
    .limit(1);
  if (!upload) throw badRequest('avatar_not_issued', profileMessages.avatarNotIssued);
  const key = avatarKey(upload.name);
  const blob = await blobs.stream(key);
  if (!blob) throw badRequest('avatar_missing', profileMessages.avatarMissing);
  blob.body.destroy();
  try {
    // Size first, so an oversized object is never read into memory.
    if (blob.size > AVATAR_MAX_BYTES) throw avatarTooLarge();
    checkAvatarBytes((await blobs.get(key)) ?? Buffer.alloc(0), upload.contentType);
  } catch (error) {
    await blobs.delete(key);
    throw error;
  }
  await db.update(avatarUploads).set({ storedAt: new Date() }).where(eq(avatarUploads.id, upload.id));
}
