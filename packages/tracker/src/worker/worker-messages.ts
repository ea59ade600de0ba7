/** Messages between the main thread and the upload worker (spec §7: start, auth, stop, forceFlushBatch, q_end). */
export type ToWorker =
  | string[] // one commit: [Timestamp, TabData, ...messages], each message already JSON text
  | {
      type: 'start';
      pageNo: number;
      ingestPoint: string;
      timestamp: number;
      url: string;
      /** Failed attempts in a row before the main thread is told (uploads keep retrying). */
      connAttemptCount: number;
      /** First retry gap in ms; doubles up to 30 s. */
      connAttemptGap: number;
      tabId: string;
      /** Backlog cap in bytes (default 20 MB); past it the oldest batches are dropped and that is recorded. */
      maxQueuedBytes?: number;
    }
  | { type: 'auth'; token: string; beaconSizeLimit?: number; compressionThreshold?: number }
  /** A batch the page cut (live sessions): the page decides boundaries and ids, the worker uploads. */
  | { type: 'batch'; batch: UnsentBatch }
  /** Batches an earlier page of this tab could not deliver (kept in session storage); sent first, same ids. */
  | { type: 'resend'; batches: UnsentBatch[] }
  | { type: 'stop' }
  /** Are you running? (a worker blocked by the page's CSP never answers) */
  | { type: 'ping' }
  | { type: 'forceFlushBatch' }
  | { type: 'q_end' };

export type ToMain =
  | { type: 'restart' }
  | { type: 'snapshot' }
  | { type: 'failure'; reason: string }
  | { type: 'sent'; batchId: string; messages: number }
  /** Batches given up (rejected by the server, or past the backlog cap; the recording notes the gap). */
  | { type: 'dropped'; batchIds: string[] }
  | { type: 'idle' }
  | { type: 'pong' }
  | { type: 'stopped' };

export interface UnsentBatch {
  batchId: string;
  pageNo: number;
  seq: number;
  messages: string[];
}
