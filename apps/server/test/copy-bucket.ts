import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** Where a bucket is, as the app's S3_* configuration names it. */
interface BucketEnv {
  S3_BUCKET: string;
  S3_ENDPOINT: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
}

const clientOf = (env: BucketEnv) =>
  new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
  });

/**
 * Copies every object of one bucket into another over the S3 API, listing then reading each key as
 * `aws s3 sync` or `rclone copy` does: what an operator's bucket backup (or its restore) sees. Answers the keys.
 */
export async function copyBucket(from: BucketEnv, to: BucketEnv): Promise<string[]> {
  const source = clientOf(from);
  const target = clientOf(to);
  const keys: string[] = [];
  try {
    let ContinuationToken: string | undefined;
    do {
      const page = await source.send(new ListObjectsV2Command({ Bucket: from.S3_BUCKET, ContinuationToken }));
      for (const { Key } of page.Contents ?? []) {
        if (!Key) continue;
        const object = await source.send(new GetObjectCommand({ Bucket: from.S3_BUCKET, Key }));
        const body = Buffer.from(await object.Body!.transformToByteArray());
        await target.send(
          new PutObjectCommand({ Bucket: to.S3_BUCKET, Key, Body: body, ContentType: object.ContentType }),
        );
        keys.push(Key);
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
  } finally {
    source.destroy();
    target.destroy();
  }
}
