import { ASSIST_LIMITS, COMPRESSION } from '@atrium/protocol/assist';

/** Frames above this JSON length are split (the relay refuses a frame over 1 MB). */
const MAX_FRAME_CHARS = Math.floor(ASSIST_LIMITS.maxFrameBytes * 0.9);

/**
 * Spec 2 §9: a batch of more than 10 000 messages is split in two halves (again if needed); so is one whose
 * JSON would not fit in one relay frame. A single oversized message is dropped rather than sent.
 */
export function splitBatch<T>(batch: T[], size = (b: T[]) => JSON.stringify(b).length): T[][] {
  if (batch.length > COMPRESSION.splitAbove || (batch.length > 1 && size(batch) > MAX_FRAME_CHARS)) {
    const half = Math.ceil(batch.length / 2);
    return [...splitBatch(batch.slice(0, half), size), ...splitBatch(batch.slice(half), size)];
  }
  if (batch.length === 1 && size(batch) > MAX_FRAME_CHARS) return [];
  return [batch];
}

/** gzip of the batch's JSON (CompressionStream: no library in the bundle). */
export async function gzipJson(value: unknown): Promise<Uint8Array> {
  const stream = new Blob([JSON.stringify(value)]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
