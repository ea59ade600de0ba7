import { profileMessages } from '@atrium/protocol';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { avatarUploads } from '../../db/schema.ts';
import type { UploadableBlobStore } from '../../lib/create-blob-store.ts';
import { AppError } from '../../lib/errors.ts';
import { avatarUploadKey } from './avatar-names.ts';
import { checkAvatarBytes } from './check-avatar-bytes.ts';
import { verifyUploadSignature } from './upload-signature.ts';

const invalidUrl = () => new AppError(403, 'upload_url_invalid', profileMessages.uploadUrlInvalid);

/**
 * The disk store's stand-in for an S3 presigned PUT: the signed address is the permission. The bytes are
 * checked here, before they are kept; an address already stored on a profile cannot be overwritten.
 */
export async function receiveAvatarUpload(
  db: Database,
  blobs: UploadableBlobStore,
  input: { name: string; expires: number; sig: string; body: unknown },
): Promise<void> {
  if (blobs.presignPut) throw invalidUrl(); // S3 mode: uploads go to the bucket, never here.
  if (!verifyUploadSignature(input.name, input.expires, input.sig)) throw invalidUrl();
  const [upload] = await db
    .select({ contentType: avatarUploads.contentType })
    .from(avatarUploads)
    .where(
      and(
        eq(avatarUploads.name, input.name),
        isNull(avatarUploads.storedAt),
        gt(avatarUploads.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!upload) throw invalidUrl();
  const bytes = Buffer.isBuffer(input.body) ? input.body : Buffer.alloc(0);
  checkAvatarBytes(bytes, upload.contentType);
  await blobs.put(avatarUploadKey(input.name), bytes, upload.contentType);
}
