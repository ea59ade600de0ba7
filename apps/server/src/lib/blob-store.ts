import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where avatars and recordings live. Local disk by default; an S3-compatible store when S3_* is set
 * (see s3-blob-store.ts). Keys are slash-separated paths chosen by the server, never by a client.
 */
export interface BlobStore {
  kind: 'disk' | 's3';
  /** Replaces the blob at `key` whole: a reader sees the old bytes or the new ones, never a mix. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Writes the blob only when `key` holds none, atomically: the first copy wins and is never rewritten.
   * Answers false when a blob was already there (ADR 0045).
   */
  putIfAbsent(key: string, body: Buffer, contentType: string): Promise<boolean>;
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
  // The bytes go to a temporary name beside the blob first, so no reader or racing writer ever sees half a file,
  // and a process killed mid-write leaves only a temporary file (never a key anyone reads).
  const writeTemporary = async (path: string, body: Buffer) => {
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, body);
    return temporary;
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const path = pathOf(key);
      const temporary = await writeTemporary(path, body);
      try {
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async putIfAbsent(key, body) {
      const path = pathOf(key);
      const temporary = await writeTemporary(path, body);
      try {
        // link() fails with EEXIST where rename() would replace: the first complete copy stays.
        await link(temporary, path);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      } finally {
        await rm(temporary, { force: true });
      }
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
