import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A site that embeds the tracker. The key is public (it sits in the page); it only names the project. */
export const ingestProjects = pgTable('ingest_projects', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  key: text('key').notNull().unique(),
  canvasEnabled: boolean('canvas_enabled').notNull().default(true),
  canvasQuality: text('canvas_quality', { enum: ['low', 'medium', 'high'] })
    .notNull()
    .default('medium'),
  canvasFps: integer('canvas_fps').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One recorded visit. Summary figures are updated as batches arrive; a session has ended once
 * `lastActivityAt` is older than the inactivity window (computed on read, ADR 0005).
 */
export const ingestSessions = pgTable(
  'ingest_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => ingestProjects.id, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid').notNull(),
    /** The last user id the page set (message UserID) or sent at start: what the client claims. */
    userId: text('user_id'),
    /** The learner the portal's signed assertion names (ADR 0045): the only id the server vouches for. */
    verifiedUserId: text('verified_user_id'),
    trackerVersion: text('tracker_version').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    userBrowser: text('user_browser').notNull().default(''),
    userOs: text('user_os').notNull().default(''),
    userDevice: text('user_device').notNull().default(''),
    userCountry: text('user_country').notNull().default(''),
    userState: text('user_state').notNull().default(''),
    userCity: text('user_city').notNull().default(''),
    timezone: text('timezone').notNull().default(''),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    url: text('url').notNull().default(''),
    referrer: text('referrer').notNull().default(''),
    assistOnly: boolean('assist_only').notNull().default(false),
    /** Recorded while an admin viewed the portal as this learner (ADR 0035): not the learner's own visit. */
    impersonated: boolean('impersonated').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the last of its tabs was closed (every tab's latest batch came from a leaving page, ADR 0066); null
     * while a tab is open. A later batch or start of the session clears it: a navigation leaves a page too.
     */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Epoch ms of the first and last message seen (tracker clock corrected by `delay`). */
    firstMessageAt: bigint('first_message_at', { mode: 'number' }),
    lastMessageAt: bigint('last_message_at', { mode: 'number' }),
    pages: integer('pages').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    /** Network requests that failed (status 0, or 400 and above): a filter of the sessions search. */
    failedRequests: integer('failed_requests').notNull().default(0),
    batches: integer('batches').notNull().default(0),
    messages: integer('messages').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    /** When its batches were compacted into a few objects per tab (ADR 0053); null: a blob per batch. */
    compactedAt: timestamp('compacted_at', { withTimezone: true }),
    /** The compactor holding this session, and until when: a crashed one's claim lapses (ADR 0053). */
    compactionClaim: uuid('compaction_claim'),
    compactionClaimedUntil: timestamp('compaction_claimed_until', { withTimezone: true }),
    /**
     * When its compaction replaced per-batch blobs that are still in the bucket (`retired_blob_key`): they are
     * removed once the backup grace has passed, then this is cleared (ADR 0078).
     */
    blobsRetiredAt: timestamp('blobs_retired_at', { withTimezone: true }),
  },
  (t) => [
    index('ingest_sessions_project_idx').on(t.projectId, t.startedAt),
    index('ingest_sessions_user_idx').on(t.userId),
    index('ingest_sessions_started_idx').on(t.startedAt),
    // The compactor's queue: ended sessions not compacted yet, oldest activity first.
    index('ingest_sessions_uncompacted_idx').on(t.lastActivityAt).where(sql`${t.compactedAt} is null`),
    // The retired blobs' queue: only sessions still holding some, so a pass finds the due ones without a scan.
    index('ingest_sessions_retired_idx').on(t.blobsRetiredAt).where(sql`${t.blobsRetiredAt} is not null`),
  ],
);

/**
 * The index of a session's stored batches. The messages are a blob per batch (gzip when the key ends in `.gz`)
 * until the session is compacted; then a byte range of a per-tab object (ADR 0053).
 */
export const ingestBatches = pgTable(
  'ingest_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => ingestSessions.id, { onDelete: 'cascade' }),
    /** The tracker's idempotency key: the same batch sent twice is stored once. */
    batchId: text('batch_id').notNull(),
    tabId: text('tab_id').notNull(),
    pageNo: integer('page_no').notNull(),
    seq: integer('seq').notNull(),
    blobKey: text('blob_key').notNull(),
    /** Where this batch's bytes start and how many there are in a compacted object; null: the whole blob. */
    blobOffset: integer('blob_offset'),
    blobLength: integer('blob_length'),
    /** The batch's own blob, replaced by a compacted object and not removed yet (ADR 0053). */
    retiredBlobKey: text('retired_blob_key'),
    /** The batch's messages as sent (uncompressed JSON): what the session quota counts. */
    bytes: integer('bytes').notNull(),
    messageCount: integer('message_count').notNull(),
    firstTimestamp: bigint('first_timestamp', { mode: 'number' }),
    lastTimestamp: bigint('last_timestamp', { mode: 'number' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Sent by a page as it was left (`?end`: pagehide); the tab is closed if no later batch follows. */
    leaving: boolean('leaving').notNull().default(false),
  },
  (t) => [
    uniqueIndex('ingest_batches_session_batch_idx').on(t.sessionId, t.batchId),
    // Replaced blobs a crashed compactor left (ADR 0053): rare, found without reading the whole index.
    index('ingest_batches_retired_idx').on(t.sessionId).where(sql`${t.retiredBlobKey} is not null`),
  ],
);

/** Trackers that decided not to start (missing browser APIs, Do Not Track). */
export const ingestNotStarted = pgTable('ingest_not_started', {
  id: uuid('id').primaryKey().defaultRandom(),
  projectId: uuid('project_id')
    .notNull()
    .references(() => ingestProjects.id, { onDelete: 'cascade' }),
  trackerVersion: text('tracker_version').notNull(),
  doNotTrack: boolean('do_not_track').notNull(),
  reason: text('reason').notNull(),
  userAgent: text('user_agent').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Conditional-start rules a tracker fetches after a `doNotRecord` start. */
export const ingestConditions = pgTable('ingest_conditions', {
  id: uuid('id').primaryKey().defaultRandom(),
  projectId: uuid('project_id')
    .notNull()
    .references(() => ingestProjects.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  captureRate: integer('capture_rate').notNull(),
  filters: jsonb('filters').notNull().$type<{ type: string; operator: string; value: string[] }[]>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface FlagVariant {
  value: string;
  rolloutPercentage: number;
  payload: string | null;
}

/** A boolean flag (variants null) or a multi-variant flag; rollout is by a stable hash of the visitor. */
export const ingestFeatureFlags = pgTable(
  'ingest_feature_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => ingestProjects.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    isPersist: boolean('is_persist').notNull().default(false),
    rolloutPercentage: integer('rollout_percentage').notNull().default(100),
    payload: text('payload'),
    variants: jsonb('variants').$type<FlagVariant[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ingest_feature_flags_key_idx').on(t.projectId, t.key)],
);

/** CSS selectors staff want to know about: a click on one sends TagTrigger with the tag id. */
export const ingestTags = pgTable('ingest_tags', {
  id: serial('id').primaryKey(),
  projectId: uuid('project_id')
    .notNull()
    .references(() => ingestProjects.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  selector: text('selector').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A usability test (the tracker's `oruxt`): a start page and tasks shown to the tester. */
export const ingestUxtTests = pgTable('ingest_uxt_tests', {
  id: serial('id').primaryKey(),
  projectId: uuid('project_id')
    .notNull()
    .references(() => ingestProjects.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description'),
  guidelines: text('guidelines'),
  conclusion: text('conclusion'),
  startPage: text('start_page').notNull(),
  status: text('status', { enum: ['preview', 'in-progress', 'paused', 'closed'] })
    .notNull()
    .default('in-progress'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ingestUxtTasks = pgTable(
  'ingest_uxt_tasks',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => ingestUxtTests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    allowTyping: boolean('allow_typing').notNull().default(false),
  },
  (t) => [index('ingest_uxt_tasks_test_idx').on(t.testId, t.position)],
);

/** What a tester did: began, finished or skipped the test or one of its tasks, with the typed answer. */
export const ingestUxtSignals = pgTable(
  'ingest_uxt_signals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => ingestSessions.id, { onDelete: 'cascade' }),
    testId: integer('test_id')
      .notNull()
      .references(() => ingestUxtTests.id, { onDelete: 'cascade' }),
    /** Null for a signal about the whole test. */
    taskId: integer('task_id').references(() => ingestUxtTasks.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['begin', 'done', 'skipped'] }).notNull(),
    answer: text('answer'),
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ingest_uxt_signals_test_idx').on(t.testId)],
);

/**
 * Moments found at ingest (ADR 0057): rage, dead and error clicks, pointer shakes, and exceptions with the
 * fingerprint the Issues screen groups them by. Written once per stored batch, removed with the session.
 */
export const ingestSessionEvents = pgTable(
  'ingest_session_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => ingestSessions.id, { onDelete: 'cascade' }),
    tabId: text('tab_id').notNull(),
    kind: text('kind', {
      enum: ['rage_click', 'dead_click', 'error_click', 'pointer_shake', 'exception'],
    }).notNull(),
    /** Epoch ms of the moment (a rage burst's first click). */
    at: bigint('at', { mode: 'number' }).notNull(),
    /** The clicked element's label, or the exception's message. */
    label: text('label').notNull().default(''),
    selector: text('selector').notNull().default(''),
    count: integer('count').notNull().default(1),
    /** Exceptions: name + message pattern + top frame, hashed; what the Issues screen groups by. */
    fingerprint: text('fingerprint'),
    name: text('name'),
    frame: text('frame'),
  },
  (t) => [
    index('ingest_session_events_session_idx').on(t.sessionId, t.kind),
    index('ingest_session_events_fingerprint_idx').on(t.fingerprint, t.at),
    index('ingest_session_events_kind_at_idx').on(t.kind, t.at),
  ],
);

/** The click window a tab's last batch left open, judged with its next batch (ADR 0057). */
export const ingestClickCarry = pgTable(
  'ingest_click_carry',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => ingestSessions.id, { onDelete: 'cascade' }),
    tabId: text('tab_id').notNull(),
    carry: jsonb('carry').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.tabId] })],
);

/**
 * What happened in a session, indexed for the sessions search (ADR 0059): pages visited, clicked labels,
 * exception messages, failed request addresses, custom event names. At most 200 rows per batch, values cut
 * to 300 characters; removed with the session (foreign key: the retention sweep and deletion need nothing more).
 */
export const ingestSearchEvents = pgTable(
  'ingest_search_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => ingestSessions.id, { onDelete: 'cascade' }),
    tabId: text('tab_id').notNull(),
    kind: text('kind', {
      enum: ['visited_url', 'clicked_text', 'error_text', 'failed_url', 'custom_event'],
    }).notNull(),
    /** Epoch ms of the moment (a value repeated within a batch keeps its first). */
    at: bigint('at', { mode: 'number' }).notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    // Probe per candidate session (narrow searches), the matching moments of a page of results, the cascade.
    // `value` is in the key so a probe tests a term from the index alone (ADR 0071: index-only, not ~20 heap
    // rows per session); values are cut to 300 characters, well under a b-tree entry's limit.
    index('ingest_search_events_session_value_idx').on(t.sessionId, t.kind, t.at, t.value),
    // "Contains" across all sessions (broad searches): pg_trgm answers ILIKE '%…%' from a GIN index, one per
    // kind (ADR 0071): a term reads only its kind's posting lists, a third to a half of one shared index's.
    ...(['visited_url', 'clicked_text', 'error_text', 'failed_url', 'custom_event'] as const).map((kind) =>
      index(`ingest_search_events_${kind}_trgm_idx`)
        .using('gin', t.value.op('gin_trgm_ops'))
        .where(sql`${t.kind} = ${sql.raw(`'${kind}'`)}`),
    ),
  ],
);

/**
 * Where clicks landed on their page, for the click maps (ADR 0064): the page's path and x/y in 0..10 000 of
 * the page's size. At most 300 rows per batch; removed with the session (foreign key, like the others).
 */
export const ingestClickPoints = pgTable(
  'ingest_click_points',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => ingestSessions.id, { onDelete: 'cascade' }),
    tabId: text('tab_id').notNull(),
    /** Epoch ms of the click. */
    at: bigint('at', { mode: 'number' }).notNull(),
    path: text('path').notNull(),
    /** The path's page template, ids as `:id` (`/classes/:id`): one click map per template (ADR 0064). */
    route: text('route').notNull().default(''),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    label: text('label').notNull().default(''),
    selector: text('selector').notNull().default(''),
  },
  (t) => [
    // A page's clicks of the last N days (the map), and the page list of a period.
    index('ingest_click_points_path_at_idx').on(t.path, t.at),
    index('ingest_click_points_route_at_idx').on(t.route, t.at),
    index('ingest_click_points_at_idx').on(t.at),
    index('ingest_click_points_session_idx').on(t.sessionId),
  ],
);
