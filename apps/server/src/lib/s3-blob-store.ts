import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config.ts';
import { assertBlobKey, assertBlobPrefix } from './blob-store.ts';
import type { UploadableBlobStore } from './create-blob-store.ts';

function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}

/** 412: the key already holds an object; 409: another conditional write to it is in progress (AWS). */
function isPreconditionFailed(error: unknown): boolean {
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  return status === 412 || status === 409;
}

/** Blobs in an S3-compatible bucket (AWS S3, MinIO, Ceph, s3rver in tests). */
export function createS3BlobStore(config: S3Config): UploadableBlobStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Otherwise presigned PUT URLs carry the checksum of an empty body and real S3 refuses the upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertBlobKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async putIfAbsent(key, body, contentType) {
      assertBlobKey(key);
      try {
        // A single PUT is atomic on S3; If-None-Match makes the first copy win. Stores that ignore the
        // header rewrite the key, which is why callers give racing copies content-addressed keys (ADR 0045).
        await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, IfNoneMatch: '*' }),
        );
        return true;
      } catch (error) {
        if (isPreconditionFailed(error)) return false;
        throw error;
      }
    },
    async get(key) {
      assertBlobKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return null;
        return Buffer.from(await out.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stream(key) {
      assertBlobKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return null;
        return { body: out.Body as Readable, size: out.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertBlobKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async deletePrefix(prefix) {
      assertBlobPrefix(prefix);
      // One key at a time: DeleteObjects needs a checksum some S3-compatible stores get wrong.
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) await client.send(new DeleteObjectCommand({ Bucket, Key: object.Key }));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    presignPut(key, contentType, expiresInSeconds) {
      assertBlobKey(key);
      // The content type is signed, so the browser must send exactly this Content-Type header.
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), {
        expiresIn: expiresInSeconds,
      });
    },
    publicUrl: config.publicUrl ? (key) => `${config.publicUrl}/${key}` : undefined,
    uploadOrigin() {
      if (!config.endpoint) return `https://${Bucket}.s3.${config.region}.amazonaws.com`;
      const endpoint = new URL(config.endpoint);
      if (config.forcePathStyle) return endpoint.origin;
      return `${endpoint.protocol}//${Bucket}.${endpoint.host}`;
    },
    close() {
      client.destroy();
    },
  };
}
