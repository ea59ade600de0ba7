import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { type BlobStore, createDiskBlobStore } from './blob-store.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

/** The app's blob store, plus what direct browser uploads need from an S3-compatible one. */
export interface UploadableBlobStore extends BlobStore {
  /** S3 only: a short-lived presigned PUT address. Disk stores receive uploads through the server. */
  presignPut?(key: string, contentType: string, expiresInSeconds: number): Promise<string>;
  /** S3 with S3_PUBLIC_URL only: where browsers read a public blob directly. */
  publicUrl?(key: string): string;
  /** S3 only: the origin browsers upload to, for the Content-Security-Policy. */
  uploadOrigin?(): string;
  close?(): void;
}

/** S3 when S3_BUCKET is configured, otherwise files under DATA_DIR/blobs (a temp folder for memory://). */
export function createBlobStore(config: Config): UploadableBlobStore {
  if (config.s3) return createS3BlobStore(config.s3);
  if (config.dataDir !== 'memory://') return createDiskBlobStore(join(config.dataDir, 'blobs'));
  // An in-memory database gets throw-away blobs that vanish with the app.
  const root = mkdtempSync(join(tmpdir(), 'atrium-blobs-'));
  return { ...createDiskBlobStore(root), close: () => rmSync(root, { recursive: true, force: true }) };
}
