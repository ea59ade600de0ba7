import { promisify } from 'node:util';
import { constants, gunzip, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * How a batch's messages are kept at rest (ADR 0053): gzip, named by the key's `.gz` ending, so blobs written
 * before compression (plain JSON, `.json`) still read. Gzip 6 stores a recording ~8.6× smaller for ~1 ms a batch;
 * brotli 4 stores the same for a little less CPU, but gzip members concatenate into one valid gzip stream (a
 * compacted object is itself gzip) and inflate faster (bench/storage-at-rest.mjs). zlib runs in libuv's thread
 * pool, off the event loop.
 */
export const COMPRESSED_SUFFIX = '.gz';

export function isCompressedKey(key: string): boolean {
  return key.endsWith(COMPRESSED_SUFFIX);
}

/** One gzip member: concatenated members are themselves a gzip stream, and each still inflates on its own. */
export function compressBatch(json: Buffer): Promise<Buffer> {
  return gzipAsync(json, { level: constants.Z_DEFAULT_COMPRESSION });
}

/** The batch's JSON array from its stored bytes, whichever form `key` says they are in. */
export async function decodeBatchBytes(key: string, stored: Buffer): Promise<Buffer> {
  return isCompressedKey(key) ? gunzipAsync(stored) : stored;
}
