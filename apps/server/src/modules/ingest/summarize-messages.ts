import { LEARNER_METADATA_KEY, MessageType } from '@atrium/protocol/tracker/index';

export interface BatchSummary {
  messageCount: number;
  pages: number;
  clicks: number;
  errors: number;
  failedRequests: number;
  /** The last user id the page set in this batch, if any. */
  userId: string | null;
  /** The portal set Metadata `impersonated` = '1': an admin viewing as the learner recorded this (ADR 0035). */
  impersonated: boolean;
  /** The portal's signed learner assertion (Metadata `atrium.learner`), checked by ingestBatch (ADR 0045). */
  learnerAssertion: string | null;
  firstTimestamp: number | null;
  lastTimestamp: number | null;
}

// Epoch ms between 2000 and 2100: anything else is a broken clock or junk and is not a time.
const isTime = (v: unknown): v is number =>
  typeof v === 'number' && v > 946_684_800_000 && v < 4_102_444_800_000;

/**
 * The figures a session summary needs from one batch, read from the message catalogue:
 * pages from SetPageLocation, clicks from MouseClick, errors from JSException, failed requests from
 * NetworkRequest statuses, times from
 * Timestamp messages (and rrweb events' own timestamps).
 */
export function summarizeMessages(messages: readonly (readonly unknown[])[]): BatchSummary {
  const summary: BatchSummary = {
    messageCount: messages.length,
    pages: 0,
    clicks: 0,
    errors: 0,
    failedRequests: 0,
    userId: null,
    impersonated: false,
    learnerAssertion: null,
    firstTimestamp: null,
    lastTimestamp: null,
  };
  const seeTime = (t: number) => {
    if (summary.firstTimestamp === null || t < summary.firstTimestamp) summary.firstTimestamp = t;
    if (summary.lastTimestamp === null || t > summary.lastTimestamp) summary.lastTimestamp = t;
  };
  for (const message of messages) {
    switch (message[0]) {
      case MessageType.Timestamp:
        if (isTime(message[1])) seeTime(message[1]);
        break;
      case MessageType.RrwebEvent: {
        const event = message[1] as { timestamp?: unknown } | null;
        if (event && typeof event === 'object' && isTime(event.timestamp)) seeTime(event.timestamp);
        break;
      }
      case MessageType.SetPageLocation:
        summary.pages++;
        break;
      case MessageType.MouseClick:
        summary.clicks++;
        break;
      case MessageType.JSException:
        summary.errors++;
        break;
      case MessageType.NetworkRequest: {
        // Status 0: the request never got an answer (offline, CORS, aborted).
        const status = message[6];
        if (typeof status === 'number' && (status === 0 || status >= 400)) summary.failedRequests++;
        break;
      }
      case MessageType.Metadata:
        if (message[1] === 'impersonated' && message[2] === '1') summary.impersonated = true;
        if (
          message[1] === LEARNER_METADATA_KEY &&
          typeof message[2] === 'string' &&
          message[2].length <= 1000
        ) {
          summary.learnerAssertion = message[2];
        }
        break;
      case MessageType.UserID:
        // PostgreSQL text cannot hold NUL; dropping it keeps the batch instead of refusing it whole.
        if (typeof message[1] === 'string' && message[1].length <= 500) {
          summary.userId = message[1].replaceAll('\u0000', '') || null;
        }
        break;
    }
  }
  return summary;
}
