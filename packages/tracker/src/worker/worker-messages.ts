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
    }
  | { type: 'auth'; token: string; beaconSizeLimit?: number; compressionThreshold?: number }
  | { type: 'stop' }
  | { type: 'forceFlushBatch' }
  | { type: 'q_end' };

export type ToMain =
  | { type: 'restart' }
  | { type: 'snapshot' }
  | { type: 'failure'; reason: string }
  | { type: 'sent'; batchId: string; messages: number }
  | { type: 'idle' }
  | { type: 'stopped' };
