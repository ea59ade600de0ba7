import type { Readable } from 'node:stream';
import { AVATAR_MAX_BYTES, profileMessages } from '@atrium/protocol';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { avatarUploads } from '../../db/schema.ts';
import type { UploadableBlobStore } from '../../lib/create-blob-store.ts';
import { badRequest } from '../../lib/errors.ts';
import { avatarKey, avatarUploadKey, CLAIM_TTL_MS } from './avatar-names.ts';
import { avatarTooLarge, checkAvatarBytes } from './check-avatar-bytes.ts';

/**
 * Confirms that `imageUrl` was issued to `userId` and that valid bytes sit behind it, then stores it (public).
 * A presigned S3 PUT cannot limit size or type and stays usable until it expires, so the uploaded object is
 * read once, checked, and exactly those bytes are written to the final key, which no upload address names;
 * the upload is then deleted (ADR 0014). Bad bytes are deleted and refused.
 */
export async function claimAvatarUpload(
  db: Database,
  blobs: UploadableBlobStore,
  userId: string,
  imageUrl: string,
): Promise<void> {
  const [upload] = await db
    .select({
      id: avatarUploads.id,
      name: avatarUploads.name,
      contentType: avatarUploads.contentType,
      storedAt: avatarUploads.storedAt,
    })
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
  // Stored before (the same avatar chosen again): its checked copy is final, the upload is never read again.
  if (upload.storedAt) return;
  const uploadKey = avatarUploadKey(upload.name);
  const blob = await blobs.stream(uploadKey);
  if (!blob) throw badRequest('avatar_missing', profileMessages.avatarMissing);
  let bytes: Buffer;
  try {
    bytes = await readAtMost(blob.body, blob.size, AVATAR_MAX_BYTES);
    checkAvatarBytes(bytes, upload.contentType);
  } catch (error) {
    await blobs.delete(uploadKey);
    throw error;
  }
  // The checked bytes themselves, not a server-side copy: the object could change between check and copy.
  await blobs.put(avatarKey(upload.name), bytes, upload.contentType);
  await db.update(avatarUploads).set({ storedAt: new Date() }).where(eq(avatarUploads.id, upload.id));
  await blobs.delete(uploadKey);
}

/** The whole stream, refused as too large past `max` bytes: an oversized object is never read into memory. */
async function readAtMost(body: Readable, declared: number, max: number): Promise<Buffer> {
  if (declared > max) {
    body.destroy();
    throw avatarTooLarge();
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of body) {
      total += (chunk as Buffer).length;
      if (total > max) throw avatarTooLarge();
      chunks.push(chunk as Buffer);
    }
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks);
}
