import { COURSE_IMAGE_MAX_BYTES } from '@atrium/protocol/community';
import type { BlobStore } from '../../lib/blob-store.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { randomToken } from '../../lib/tokens.ts';
import { type ImageType, sniffImageType } from './image-type.ts';

const EXT: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
const TYPE_OF: Record<string, ImageType> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
/** 128 random bits then the type: unguessable, and the address alone says how to serve it. */
export const COURSE_IMAGE_NAME = /^[A-Za-z0-9_-]{22}\.(png|jpg|webp)$/;

export const courseImageTooLarge = () => badRequest('image_too_large', '圖片大小不得超過 2 MB');
const courseImageKey = (name: string) => `course-images/${name}`;

/** Stores an image for course content after checking it by its bytes (png, jpeg or webp, at most 2 MB). */
export async function storeCourseImage(
  blobs: BlobStore,
  bytes: Buffer,
): Promise<{ url: string; markdown: string }> {
  if (bytes.length > COURSE_IMAGE_MAX_BYTES) throw courseImageTooLarge();
  const type = bytes.length ? sniffImageType(bytes) : null;
  if (!type) throw badRequest('image_not_supported', '只接受 png、jpeg 或 webp 圖片');
  const name = `${randomToken(16)}.${EXT[type]}`;
  await blobs.put(courseImageKey(name), bytes, type);
  const url = `/v1/course-images/${name}`;
  return { url, markdown: `![](${url})` };
}

export async function openCourseImage(blobs: BlobStore, name: string) {
  if (!COURSE_IMAGE_NAME.test(name)) throw notFound();
  const blob = await blobs.stream(courseImageKey(name));
  if (!blob) throw notFound();
  return { ...blob, contentType: TYPE_OF[name.split('.').pop()!]! };
}
