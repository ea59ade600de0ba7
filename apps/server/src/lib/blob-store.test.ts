import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver } from '../../test/start-s3rver.ts';
import { loadConfig } from '../config.ts';
import { createBlobStore, type UploadableBlobStore } from './create-blob-store.ts';

const stores = ['disk', 's3'] as const;

describe.each(stores)('the %s blob store', (kind) => {
  let s3: Awaited<ReturnType<typeof startS3rver>> | undefined;
  let blobs: UploadableBlobStore;
  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3rver();
    blobs = createBlobStore(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', ...(s3?.env ?? {}) }));
  });
  afterAll(async () => {
    blobs.close?.();
    await s3?.close();
  });

  it('deletes a folder of blobs by prefix (the retention sweep), and nothing beside it', async () => {
    const keys = ['recordings/p/s1/000001-000000-a.json', 'recordings/p/s1/000001-000001-b.json'];
    for (const key of keys) await blobs.put(key, Buffer.from('[]'), 'application/json');
    await blobs.put('recordings/p/s10/000001-000000-c.json', Buffer.from('[]'), 'application/json');
    await blobs.deletePrefix('recordings/p/s1/');
    for (const key of keys) expect(await blobs.get(key)).toBeNull();
    // `s10` shares the characters `s1` but is another session.
    expect(await blobs.get('recordings/p/s10/000001-000000-c.json')).not.toBeNull();
    // Nothing there: no error (another process swept it already).
    await blobs.deletePrefix('recordings/p/s1/');
    await expect(blobs.deletePrefix('recordings/../')).rejects.toThrow();
    await expect(blobs.deletePrefix('recordings/p')).rejects.toThrow();
  });
});
