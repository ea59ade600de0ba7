import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where avatars and recordings live. Local disk by default; an S3-compatible store when S3_* is set
 * (see s3-blob-store.ts). Keys are slash-separated paths chosen by the server, never by a client.
 */
export interface BlobStore {
  kind: 'disk' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  stream(key: string): Promise<{ body: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /** Deletes every blob whose key starts with `prefix` (a folder: ends with '/'); none is fine. */
  deletePrefix(prefix: string): Promise<void>;
}

/** A prefix names a folder of keys: a valid key ending in '/'. */
export function assertBlobPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`invalid blob prefix: ${prefix}`);
  assertBlobKey(prefix.slice(0, -1));
}

const KEY = /^[a-zA-Z0-9][a-zA-Z0-9._/-]{0,511}$/;

export function assertBlobKey(key: string): void {
  if (!KEY.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`invalid blob key: ${key}`);
  }
}

/** Blobs as files under `root`; the key is the relative path. */
export function createDiskBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => {
    assertBlobKey(key);
    const path = normalize(join(root, key));
    if (!path.startsWith(normalize(root) + sep)) throw new Error(`invalid blob key: ${key}`);
    return path;
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename would be atomic; a torn blob is re-uploaded by its owner, so a plain write is enough.
      await writeFile(path, body);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async stream(key) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { body: createReadStream(path), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      assertBlobPrefix(prefix);
      await rm(pathOf(prefix.slice(0, -1)), { recursive: true, force: true });
    },
  };
}
