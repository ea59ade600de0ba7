/** Ingest paths under the ingest point (default `${location.origin}/ingest`). Zod-free: the tracker bundles it. */
export const INGEST_PATHS = {
  start: '/v1/web/start',
  notStarted: '/v1/web/not-started',
  batch: '/v1/web/i',
  featureFlags: '/v1/web/feature-flags',
  /** + `/{projectID}` */
  conditions: '/v1/web/conditions',
  tags: '/v1/web/tags',
  /** + `/{testId}` */
  uxtTest: '/v1/web/uxt/test',
  uxtTaskSignal: '/v1/web/uxt/signals/task',
  uxtTestSignal: '/v1/web/uxt/signals/test',
} as const;

/** The batch idempotency key (batch.ts). */
export function batchIdOf(tabId: string, pageNo: number, seq: number): string {
  return `${tabId}-${pageNo}-${seq}`;
}

/**
 * Where a batch is posted: the batchId rides in the query too, so the server acknowledges a retry it has
 * already stored without inflating or parsing the body (ADR 0011).
 */
export function batchUrl(ingestPoint: string, batchId: string): string {
  return `${ingestPoint}${INGEST_PATHS.batch}?batch=${encodeURIComponent(batchId)}`;
}
