import { gunzipSync } from 'node:zlib';
import { batchEnvelope, LEARNER_METADATA_KEY, MessageType } from '@atrium/protocol/tracker/index';
import { type ClickFacts, readClickFacts } from './click-facts.ts';
import { type ClickPosition, readClickPositions } from './click-positions.ts';
import { readSearchFacts, type SearchFact } from './search-facts.ts';
import { type BatchSummary, summarizeMessages } from './summarize-messages.ts';

export interface BatchLimits {
  /** Absolute cap on the inflated JSON, whatever the ratio. */
  maxInflatedBytes: number;
  /** Inflated bytes may be at most this many times the compressed bytes (above the floor). */
  maxInflateRatio: number;
  /** Messages in one batch; the tracker splits a larger one when answered 413. */
  maxMessages: number;
}

/** Below this the ratio is not checked: a tiny batch of repeated messages may legitimately compress 1:100+. */
const RATIO_FLOOR_BYTES = 262_144;

export interface ParsedBatch {
  batchId: string;
  tabId: string;
  pageNo: number;
  seq: number;
  summary: BatchSummary;
  /** Clicks, reactions, exceptions and shakes for the click detectors and the Issues screen (ADR 0057). */
  clickFacts: ClickFacts;
  /** Pages, clicked labels, exception messages, failed requests, custom events for the search (ADR 0059). */
  searchFacts: SearchFact[];
  /** Clicks with their page and position, for the click maps (ADR 0064). */
  clickPositions: ClickPosition[];
  /** The messages re-serialised as the stored JSON array. */
  body: Uint8Array;
}

/** Refusals carry the status and wire code the route answers with. */
export class BatchRefusal extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Everything expensive about a batch: inflate, parse, validate, summarise, re-serialise. Runs in a worker
 * thread (batch-parser-pool.ts), so no client's batch can hold up the event loop that answers everyone else
 * (ADR 0011). Every step is bounded before it starts: inflated size by ratio and by cap, messages by count.
 */
export function parseBatch(raw: Uint8Array, encoding: string, limits: BatchLimits): ParsedBatch {
  let text: Buffer;
  if (encoding === 'gzip') {
    const cap = Math.min(
      limits.maxInflatedBytes,
      Math.max(RATIO_FLOOR_BYTES, raw.byteLength * limits.maxInflateRatio),
    );
    try {
      text = gunzipSync(raw, { maxOutputLength: cap });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new BatchRefusal(413, 'payload_too_large', '資料過大');
      }
      throw new BatchRefusal(400, 'bad_gzip', '壓縮資料無法解開');
    }
  } else if (encoding === 'identity') {
    text = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  } else {
    throw new BatchRefusal(415, 'unsupported_encoding', '不支援的壓縮格式');
  }
  if (text.length === 0) throw new BatchRefusal(400, 'bad_json', '請求內容不得為空');
  let json: unknown;
  try {
    json = JSON.parse(text.toString('utf8'));
  } catch {
    // SyntaxError, or RangeError for nesting deeper than the parser's stack: either way the client's input.
    throw new BatchRefusal(400, 'bad_json', '請求格式錯誤');
  }
  // Counted before validation walks the array: a million tiny messages cost nothing more to refuse.
  const count = (json as { messages?: unknown })?.messages;
  if (Array.isArray(count) && count.length > limits.maxMessages) {
    throw new BatchRefusal(413, 'too_many_messages', `一批最多 ${limits.maxMessages} 則訊息`);
  }
  const parsed = batchEnvelope.safeParse(json);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') ?? '';
    throw new BatchRefusal(400, 'validation', `欄位格式錯誤：${field}`);
  }
  const envelope = parsed.data;
  if (envelope.pageNo > 2_147_483_647 || envelope.seq > 2_147_483_647) {
    throw new BatchRefusal(400, 'validation', '欄位格式錯誤：pageNo / seq');
  }
  const summary = summarizeMessages(envelope.messages);
  // The learner assertion is checked from the summary and never stored: staff reading the recording must not
  // be able to replay it into another session while it is valid.
  const messages = summary.learnerAssertion
    ? envelope.messages.map((m) =>
        m[0] === MessageType.Metadata && m[1] === LEARNER_METADATA_KEY ? [m[0], m[1], ''] : m,
      )
    : envelope.messages;
  let body: Buffer;
  try {
    body = Buffer.from(JSON.stringify(messages));
  } catch {
    // A structure nested deeper than the serialiser's stack: bad input, not a server fault.
    throw new BatchRefusal(400, 'too_deep', '資料巢狀層級過深');
  }
  return {
    batchId: envelope.batchId,
    tabId: envelope.tabId,
    pageNo: envelope.pageNo,
    seq: envelope.seq,
    summary,
    clickFacts: readClickFacts(envelope.messages),
    searchFacts: readSearchFacts(envelope.messages),
    clickPositions: readClickPositions(envelope.messages),
    body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
  };
}
