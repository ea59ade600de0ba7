import type { BlobStore } from '../../lib/blob-store.ts';
import { decodeBatchBytes } from './batch-blob-codec.ts';

/** Where one batch's stored bytes are: a blob of its own, or a byte range of a compacted object (ADR 0053). */
export interface BatchLocation {
  blobKey: string;
  blobOffset: number | null;
  blobLength: number | null;
}

/**
 * Reads batches one after another, as the message stream does. A compacted object holds a tab's batches in
 * order, so the last object read is kept and the next batches are sliced from it: one blob read per object,
 * memory bounded by the largest object (COMPACTED_OBJECT_BYTES), not by the recording.
 */
export function createBatchReader(blobs: BlobStore) {
  let cached: { key: string; body: Buffer } | null = null;
  return async function read(at: BatchLocation): Promise<Buffer | null> {
    if (at.blobOffset === null || at.blobLength === null) {
      const body = await blobs.get(at.blobKey);
      return body ? decodeBatchBytes(at.blobKey, body) : null;
    }
    if (cached?.key !== at.blobKey) {
      const body = await blobs.get(at.blobKey);
      cached = body ? { key: at.blobKey, body } : null;
      if (!cached) return null;
    }
    const end = at.blobOffset + at.blobLength;
    if (end > cached.body.length) return null;
    return decodeBatchBytes(at.blobKey, cached.body.subarray(at.blobOffset, end));
  };
}
