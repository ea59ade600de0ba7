/// <reference path="./s3rver.d.ts" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export const S3RVER_BUCKET = 'atrium-avatars';

// Browsers on any origin may PUT and GET: what a bucket behind a portal needs for presigned uploads.
const CORS = Buffer.from(
  '<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod>' +
    '<AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>',
);

/**
 * A real S3-compatible server (s3rver) on a free loopback port with one empty bucket, for tests of the
 * S3 blob store. `env` is the configuration that points the app at it. `port`: a given one (a store that
 * comes back where it was), else a free one.
 */
export async function startS3rver(port = 0) {
  const directory = mkdtempSync(join(tmpdir(), 'atrium-s3rver-'));
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: S3RVER_BUCKET, configs: [CORS] }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  return {
    endpoint,
    env: {
      S3_BUCKET: S3RVER_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    /** Whether an object is in the bucket, asked over the S3 API. */
    async exists(key: string) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: S3RVER_BUCKET, Key: key }));
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
