import { z } from 'zod';

/**
 * POST {ingest}/v1/web/i — our batch upload (the spec leaves the path open).
 * Headers: `Authorization: Bearer <session token>`, `Content-Type: application/json`, and
 * `Content-Encoding: gzip` when the JSON body is larger than the server's `compressionThreshold`.
 * Answers: 200/204 accepted (also for a batchId seen before: idempotent); 401 token expired (the tracker
 * renews with start and retries); 413 too large (the tracker splits it); 5xx retried with backoff.
 * Messages are `[type, ...fields]` arrays (messages.ts). A batch holds whole commits, in order.
 */
export const batchEnvelope = z.object({
  /** `${tabId}-${pageNo}-${pageKey}-${seq}` (pageKey random per page): unique per batch, the idempotency key. */
  batchId: z.string().min(1).max(200),
  tabId: z.string().min(1).max(100),
  /** Page number within the tab's session (1 = first page). */
  pageNo: z.number().int().min(0),
  /** Batch sequence number within the page, from 0, no gaps. */
  seq: z.number().int().min(0),
  messages: z.array(z.array(z.unknown()).min(1)),
});
export type BatchEnvelope = z.infer<typeof batchEnvelope>;
