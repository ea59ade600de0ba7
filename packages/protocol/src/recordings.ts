import { z } from 'zod';
import { batchEnvelope } from './tracker/batch.ts';

/**
 * The staff API over recorded sessions (/v1/console/sessions, /v1/console/audit; ADR 0027, 0046): the
 * search, a recording's summary, its batches and message stream, and the trail of who read what. Ours, so
 * snake_case like the rest of this package; only the stream's batch lines keep the tracker's batch envelope
 * names (`tabId`, `pageNo`, `seq`), since they are that envelope as the tracker uploaded it.
 *
 * Query strings are strict: a name the schema does not know is refused (400, the one error body), so a
 * misspelt filter never widens a search in silence.
 */

/** `/sessions/:id` and what hangs under it. */
export const recordingParams = z.object({ id: z.uuid() });

/** A query-string flag: only the words `true` and `false`. */
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
/** A query-string number: a string on the wire, a number in a typed client's hands. */
const count = (max: number) => z.coerce.number<string | number>().int().min(0).max(max);
const pageNumber = z.coerce.number<string | number>().int().min(1).max(100_000).default(1);
const pageSize = (fallback: number) =>
  z.coerce.number<string | number>().int().min(1).max(100).default(fallback);

export const recordingSort = z.enum(['started_at', 'duration', 'pages', 'errors']);
export type RecordingSort = z.infer<typeof recordingSort>;

/** A "contains" term of the event search: bounded, so neither the query nor the index scan can be made huge. */
const searchText = z.string().trim().min(3).max(200);

/** GET /v1/console/sessions — every filter optional and bounded; paging and order say how, not whose. */
export const recordingSearchQuery = z.strictObject({
  project_id: z.uuid().optional(),
  /** The id the page claimed or the learner the server verified, exactly. */
  user_id: z.string().max(500).optional(),
  /** A learner's id, e-mail or nickname (contains). */
  learner: z.string().trim().min(1).max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  min_duration_ms: count(864_000_000).optional(),
  max_duration_ms: count(864_000_000).optional(),
  min_pages: count(1_000_000).optional(),
  has_errors: flag.optional(),
  has_failed_requests: flag.optional(),
  browser: z.string().trim().min(1).max(100).optional(),
  os: z.string().trim().min(1).max(100).optional(),
  /** The page address the recording started on contains this. */
  url: z.string().trim().min(1).max(500).optional(),
  /** Sessions in which the detectors found such a moment (ADR 0057). */
  signal: z.enum(['rage_click', 'dead_click', 'error_click', 'pointer_shake']).optional(),
  // What happened (ADR 0059), each a case-insensitive "contains" over the moments indexed at ingest; all
  // given must hold. At least 3 characters: the trigram index that keeps them fast needs one trigram.
  /** A page the session visited (any page, not only the first). */
  visited_url: searchText.optional(),
  /** A clicked element's label. */
  clicked_text: searchText.optional(),
  /** An exception's message. */
  error_text: searchText.optional(),
  /** The address of a request that failed (status ≥ 400, or no answer). */
  failed_url: searchText.optional(),
  /** A custom event's name. */
  custom_event: searchText.optional(),
  sort: recordingSort.default('started_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: pageNumber,
  page_size: pageSize(20),
});
/** What a client may send (strings or numbers); what the server reads after parsing. */
export type RecordingSearchParams = z.input<typeof recordingSearchQuery>;
export type RecordingSearch = z.infer<typeof recordingSearchQuery>;
/** The names of a search that say how to page and sort, not whose recordings were looked for. */
export const recordingPagingNames = ['page', 'page_size', 'sort', 'order'] as const;

/** One recorded session as staff see it. */
export const recordingView = z.object({
  id: z.string(),
  project_id: z.string(),
  user_uuid: z.string(),
  /** The id the page claimed (start request, UserID message): nothing checks it. */
  user_id: z.string().nullable(),
  /** The learner the portal's signed assertion named (ADR 0045); null when only a claim was made. */
  verified_user_id: z.string().nullable(),
  user_browser: z.string(),
  user_os: z.string(),
  user_device: z.string(),
  user_country: z.string(),
  user_state: z.string(),
  user_city: z.string(),
  timezone: z.string(),
  width: z.number(),
  height: z.number(),
  url: z.string(),
  referrer: z.string(),
  tracker_version: z.string(),
  started_at: z.string(),
  last_activity_at: z.string(),
  /** True once the inactivity window has passed without a batch. */
  ended: z.boolean(),
  /** Recorded while an admin viewed the portal as this learner (ADR 0035), not the learner's own visit. */
  impersonated: z.boolean(),
  /** From the first to the last message time seen. */
  duration_ms: z.number(),
  pages: z.number(),
  clicks: z.number(),
  errors: z.number(),
  failed_requests: z.number(),
  batches: z.number(),
  messages: z.number(),
  bytes: z.number(),
});
export type RecordingView = z.infer<typeof recordingView>;

/** A recording with the account of its learner (the verified one, else the claimed id's), when there is one. */
export const recordingRow = recordingView.extend({
  learner_email: z.string().nullable(),
  learner_nickname: z.string().nullable(),
});
export type RecordingRow = z.infer<typeof recordingRow>;

/** The names of the event search's terms, which are also the kinds of the moments they match (ADR 0059). */
export const recordingSearchKind = z.enum([
  'visited_url',
  'clicked_text',
  'error_text',
  'failed_url',
  'custom_event',
]);
export type RecordingSearchKind = z.infer<typeof recordingSearchKind>;

/** A moment that made a session match the event search; `at` (epoch ms) and `tab_id` open the player there. */
export const recordingMatch = z.object({
  kind: recordingSearchKind,
  tab_id: z.string(),
  at: z.number(),
  /** The page address, label, message or event name as indexed (at most 300 characters). */
  value: z.string(),
});
export type RecordingMatch = z.infer<typeof recordingMatch>;

export const recordingSearchResult = z.object({
  total: z.number(),
  /** An event search counts up to 1 000 sessions: true when there are more than `total`. */
  total_capped: z.boolean(),
  page: z.number(),
  page_size: z.number(),
  /** `matches`: with an event search term only, the first (up to 5) matching moments, in time order. */
  sessions: z.array(recordingRow.extend({ matches: z.array(recordingMatch).optional() })),
});
export type RecordingSearchResult = z.infer<typeof recordingSearchResult>;

/** GET /v1/console/sessions/:id — the summary with its learner and the tabs it spans. */
export const recordingDetail = recordingRow.extend({ tabs: z.array(z.string()) });
export type RecordingDetail = z.infer<typeof recordingDetail>;

/** GET /v1/console/sessions/:id/batches — one stored batch, in upload order. */
export const recordingBatch = z.object({
  batch_id: z.string(),
  tab_id: z.string(),
  page_no: z.number(),
  seq: z.number(),
  bytes: z.number(),
  message_count: z.number(),
  first_timestamp: z.number().nullable(),
  last_timestamp: z.number().nullable(),
  received_at: z.string(),
});
export type RecordingBatch = z.infer<typeof recordingBatch>;

/**
 * GET /v1/console/sessions/:id/messages — NDJSON, one line per batch: the tracker's batch envelope as it was
 * uploaded (its names, spec 2), or the same head with `unreadable: true` when the batch's bytes are gone.
 */
export const recordingBatchLine = batchEnvelope
  .pick({ tabId: true, pageNo: true, seq: true })
  .extend({ messages: batchEnvelope.shape.messages.optional(), unreadable: z.literal(true).optional() });
export type RecordingBatchLine = z.infer<typeof recordingBatchLine>;

/** GET /v1/console/audit (admins) — who read which recording, newest first. */
export const recordingAuditQuery = z.strictObject({
  session_id: z.uuid().optional(),
  staff_id: z.uuid().optional(),
  page: pageNumber,
  page_size: pageSize(50),
});
export type RecordingAuditParams = z.input<typeof recordingAuditQuery>;

export const recordingReadAction = z.enum([
  'summary',
  'batches',
  'messages',
  'delete',
  'live_view',
  'tab_recording',
]);
export const recordingRead = z.object({
  staff_id: z.string(),
  staff_email: z.string(),
  session_id: z.string(),
  action: recordingReadAction,
  at: z.string(),
});
export type RecordingRead = z.infer<typeof recordingRead>;
export const recordingAuditPage = z.object({ total: z.number(), entries: z.array(recordingRead) });
export type RecordingAuditPage = z.infer<typeof recordingAuditPage>;

// ── Moments found at ingest and the Issues screen (ADR 0057) ──────────────────────────────────────────

/** Kinds of moment the detectors find at ingest; each is a search filter and a timeline marker. */
export const recordingSignal = z.enum(['rage_click', 'dead_click', 'error_click', 'pointer_shake']);
export type RecordingSignal = z.infer<typeof recordingSignal>;

/** GET /v1/console/sessions/:id/events — the moments found in a session, in time order. */
export const recordingEvent = z.object({
  kind: z.enum([...recordingSignal.options, 'exception']),
  tab_id: z.string(),
  /** Epoch ms. */
  at: z.number(),
  /** The clicked element's label, or the exception's message. */
  label: z.string(),
  selector: z.string(),
  /** Clicks in a rage burst; 1 otherwise. */
  count: z.number(),
});
export type RecordingEvent = z.infer<typeof recordingEvent>;

/** GET /v1/console/issues — exceptions grouped by fingerprint over the last `days` days. */
export const issueListQuery = z.strictObject({
  project_id: z.uuid().optional(),
  days: z.coerce.number<string | number>().int().min(1).max(90).default(14),
  page: pageNumber,
  page_size: pageSize(20),
});
export type IssueListParams = z.input<typeof issueListQuery>;

export const issueSummary = z.object({
  /** name + message pattern + top frame, hashed. */
  fingerprint: z.string(),
  name: z.string(),
  /** The newest occurrence's message. */
  message: z.string(),
  /** The top stack frame, `function (file:line)`; '' when none was sent. */
  frame: z.string(),
  count: z.number(),
  sessions: z.number(),
  /** Distinct learners (the verified one, else the claimed id, else the anonymous visitor). */
  learners: z.number(),
  first_seen: z.number(),
  last_seen: z.number(),
  /** Occurrences per day, oldest first, one per day of the period. */
  sparkline: z.array(z.number()),
});
export type IssueSummary = z.infer<typeof issueSummary>;

export const issueList = z.object({
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  days: z.number(),
  issues: z.array(issueSummary),
});
export type IssueList = z.infer<typeof issueList>;

/** GET /v1/console/issues/:fingerprint — the issue and its newest occurrences, each a moment of a replay. */
export const issueParams = z.object({ fingerprint: z.string().regex(/^[0-9a-f]{24}$/) });
export const issueOccurrence = z.object({
  session_id: z.string(),
  tab_id: z.string(),
  at: z.number(),
  message: z.string(),
  learner_email: z.string().nullable(),
  learner_nickname: z.string().nullable(),
});
export type IssueOccurrence = z.infer<typeof issueOccurrence>;
export const issueDetail = z.object({
  issue: issueSummary,
  occurrences: z.array(issueOccurrence),
});
export type IssueDetail = z.infer<typeof issueDetail>;
