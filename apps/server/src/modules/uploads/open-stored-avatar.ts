import type { Readable } from 'node:stream';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { avatarUploads } from '../../db/schema.ts';
import type { UploadableBlobStore } from '../../lib/create-blob-store.ts';
import { notFound } from '../../lib/errors.ts';
import { AVATAR_NAME, avatarKey } from './avatar-names.ts';

/** The bytes of an avatar that was checked and stored; uploads never stored on a profile stay private. */
export async function openStoredAvatar(
  db: Database,
  blobs: UploadableBlobStore,
  name: string,
): Promise<{ body: Readable; size: number; contentType: string }> {
  if (!AVATAR_NAME.test(name)) throw notFound();
  const [upload] = await db
    .select({ contentType: avatarUploads.contentType })
    .from(avatarUploads)
    .where(and(eq(avatarUploads.name, name), isNotNull(avatarUploads.storedAt)))
    .limit(1);
  if (!upload) throw notFound();
  const blob = await blobs.stream(avatarKey(name));
  if (!blob) throw notFound();
  return { ...blob, contentType: upload.contentType };
}
