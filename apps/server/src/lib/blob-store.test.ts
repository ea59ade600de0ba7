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

  // On S3 a PUT is atomic and If-None-Match makes the first win, but s3rver models neither (it writes its file in
  // place and ignores the header), which is why ingest gives differing copies different keys (ADR 0045).
  it.runIf(kind === 'disk')(
    'keeps the first of racing copies whole and never rewrites it (putIfAbsent)',
    async () => {
      for (let round = 0; round < 20; round += 1) {
        const key = `recordings/p/race/${round}.json`;
        const bodies = [Buffer.alloc(200_000, 'a'), Buffer.alloc(3_000, 'b'), Buffer.alloc(90_000, 'c')];
        const wrote = await Promise.all(
          bodies.map((body) => blobs.putIfAbsent(key, body, 'application/json')),
        );
        const stored = await blobs.get(key);
        expect(wrote.filter(Boolean)).toHaveLength(1);
        expect(stored?.equals(bodies[wrote.indexOf(true)]!)).toBe(true);
        // A later copy is refused and leaves the first in place.
        expect(await blobs.putIfAbsent(key, Buffer.from('late'), 'application/json')).toBe(false);
        expect((await blobs.get(key))?.equals(stored!)).toBe(true);
      }
    },
  );

  it.runIf(kind === 'disk')('replaces a blob whole: racing puts leave one copy, never a mix', async () => {
    for (let round = 0; round < 20; round += 1) {
      const key = `avatars/race-${round}.png`;
      const bodies = [Buffer.alloc(200_000, 'a'), Buffer.alloc(3_000, 'b')];
      await Promise.all(bodies.map((body) => blobs.put(key, body, 'image/png')));
      const stored = await blobs.get(key);
      expect(bodies.some((body) => stored?.equals(body))).toBe(true);
    }
  });
});
