import { z } from 'zod';

/**
 * Live-assist wire protocol (spec 2 §3, §5, §7, §8, §9): the socket.io relay on /ws-assist/socket and
 * the PeerJS calls on /peerjs. The visitor side keeps OpenReplay's event names and argument order so
 * its behaviour can be checked message by message:
 *   visitor → server:   socket.emit(event, { meta: { tabId }, data })
 *   server → agents:    the same envelope, unchanged
 *   agent → server:     socket.emit(event, { meta: { tabId }, data })
 *   server → visitor:   socket.emit(event, agentId, { meta: { tabId }, data })  (agentId = agent socket id)
 * Every schema here parses untrusted input: the server parses both sides, the plugin parses what
 * agents send, the console parses what visitors send.
 */

// ── Constants (spec 2 §9) ──────────────────────────────────────────────────────────────────────
export const ASSIST_VERSION = '10.0.2';
export const ASSIST_SOCKET_PATH = '/ws-assist/socket';
export const PEER_PATH = '/peerjs';
export const PEER_KEY = 'peerjs';
export const PEER_HEARTBEAT_MS = 5000;
export const PEER_CHUNK_SIZE = 16300;
export const PEER_MAX_BUFFERED_AMOUNT = 8_388_608;
export const PEER_BUFFER_RETRY_MS = 50;
export const REMOTE_CONTROL_TIMEOUT_MS = 30_000;
export const ANNOTATION = { color: 'red', width: 8, fadeMs: 4000 } as const;
export const CALL_TIMER_REFRESH_MS = 500;
export const REMOTE_VIDEO_CHECK_MS = 1000;
export const RECORDING_BORDER = '2px dashed red';
export const AGENT_NAME_MAX = { pointer: 10, callWindow: 20 } as const;
export const DEFAULT_AGENT_NAME = 'Agent';
export const ASSIST_RECONNECTION = {
  reconnectionAttempts: 30,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 25_000,
  randomizationFactor: 0.5,
} as const;
export const COMPRESSION = { enabledByDefault: false, minBatchSize: 5000, splitAbove: 10_000 } as const;
export const DUMMY_VIDEO_FPS = 60;
export const CANVAS_STREAM_FPS = 30;
export const CANVAS_PRESENCE_CHECK_MS = 5000;
export const PEER_RECONNECT = { attempts: 30, stepMs: 2000, maxFactor: 8 } as const;
export const CONFIRM_Z_INDEX = 2147483646;
export const TAB_ID_KEY = '__openreplay_tabid';
/** Session-storage keys for the granted agent and the call start (spec 2 §3 Storage). */
export const STORAGE_KEYS = {
  controlAgent: '__openreplay_rc_agent',
  callStart: '__openreplay_call_start',
} as const;
export const BROWSER_SUPPORT = { chrome: 72, firefox: 59, safari: 605 } as const;
/**
 * A call cut by the learner's reload (or socket reconnect) is dialled again by the agent and taken without a
 * new prompt, from an agent stored under `session_calling_peer_key`, for this long (ours; ADR 0056).
 */
export const CALL_RESUME_MS = 30_000;
/**
 * The plugin's own overlays (call window, agent pointer) carry this class and the tracker's hide attribute:
 * their inside is never recorded, and the agent's mirror hides them (ADR 0056).
 */
export const ASSIST_OVERLAY_CLASS = 'atrium-assist-overlay';

/** Relay bounds, per socket (ours; the spec gives none). */
export const ASSIST_LIMITS = {
  /**
   * socket.io maxHttpBufferSize: one frame, checked before it is parsed; a larger one closes that socket.
   * The plugin splits a batch above 90 % of it (batch-stream.ts), so only a single tracker message over
   * ~230 KB misses the live view (it is still recorded). 1 MB frames cost up to a second of parsing (issue 18).
   */
  maxFrameBytes: 256_000,
  /** Events per socket per second (token bucket, burst = the same number). */
  visitorEventsPerSecond: 200,
  agentEventsPerSecond: 120,
  /** Bytes per socket per second, averaged over the bucket… */
  bytesPerSecond: 1_000_000,
  /** … with room for a burst this large (a page's first full snapshot); a socket owing more is closed. */
  burstBytes: 4_000_000,
  /**
   * While a session owes bytes its sockets are not read (TCP holds its frames at the client); one held for
   * longer than this within a minute is not slowing down when told to and is closed.
   */
  maxHeldMsPerMinute: 10_000,
} as const;

// ── Peer ids (spec 2 §5) ───────────────────────────────────────────────────────────────────────
/** Letters and digits, single space/underscore/hyphen separators between groups (PeerJS invalid-id). */
export const PEER_ID_RE = /^[A-Za-z0-9]+(?:[ _-][A-Za-z0-9]+)*$/;
export const isValidPeerId = (id: string) => id === '' || PEER_ID_RE.test(id);
/** The visitor's socket peerId and its calling/control peer id: `{projectKey}-{sessionId}-{tabId}`. */
export const visitorPeerId = (projectKey: string, sessionId: string, tabId: string) =>
  `${projectKey}-${sessionId}-${tabId}`;
/** The agent's socket peerId (the room): `{projectKey}-{sessionId}`. */
export const assistRoomId = (projectKey: string, sessionId: string) => `${projectKey}-${sessionId}`;
/** The agent's PeerJS id: `{projectKey}-{sessionId}-{agentPeerSuffix}` (suffix alphanumeric). */
export const agentPeerId = (projectKey: string, sessionId: string, agentSuffix: string) =>
  `${projectKey}-${sessionId}-${agentSuffix}`;
/** Where an agent takes the learner's canvas streams (one PeerJS call per canvas, `metadata.canvas` its index). */
export const canvasPeerId = (agentPeerIdValue: string) => `${agentPeerIdValue}-canvas`;
export const DATA_CONNECTION_PREFIX = 'dc_';
export const MEDIA_CONNECTION_PREFIX = 'mc_';

// ── Handshake (spec 2 §3 "Assist session socket query") ────────────────────────────────────────
const shortId = z.string().min(1).max(200);
export const visitorSessionInfo = z
  .object({
    uxtId: z.union([z.string().max(200), z.number()]).nullish(),
    pageTitle: z.string().max(1000).optional(),
    active: z.boolean().optional(),
    assistOnly: z.boolean().optional(),
    sessionID: z.string().max(200).optional(),
    userUUID: z.string().max(200).nullish(),
    userID: z.string().max(500).nullish(),
    projectKey: z.string().max(200).optional(),
    timestamp: z.number().optional(),
    metadata: z.record(z.string().max(200), z.string().max(2000)).optional(),
    url: z.string().max(4000).optional(),
  })
  .loose();
export type VisitorSessionInfo = z.infer<typeof visitorSessionInfo>;

/** socket.io `query` of a visitor tab; `sessionInfo` is JSON text. */
export const visitorHandshakeQuery = z.object({
  peerId: shortId.max(700),
  identity: z.literal('session'),
  tabId: shortId,
  sessionInfo: z.string().max(20_000),
});
/**
 * socket.io `auth` of a visitor (ours; the spec hides auth): the ingest session token from start, and the
 * learner's user id — credentials and identity travel in the handshake's body, never in its URL, which
 * proxies log (issue 31, ADR 0077).
 */
export const visitorHandshakeAuth = z.object({
  token: z.string().min(1).max(1000),
  userID: z.string().max(500).nullish(),
});

export const agentInfo = z
  .object({
    name: z.string().max(200).optional(),
    email: z.string().max(320).optional(),
    /** The agent's PeerJS id (agentPeerId). Set by the server, never trusted from the client. */
    peerId: z.string().max(500).optional(),
  })
  .loose();
export type AgentInfo = z.infer<typeof agentInfo>;

/** socket.io `query` of an agent; the staff sign-in cookie authenticates it. */
export const agentHandshakeQuery = z.object({
  peerId: shortId.max(500),
  identity: z.literal('agent'),
  agentInfo: z.string().max(2000).optional(),
});

// ── Envelope ───────────────────────────────────────────────────────────────────────────────────
export const assistMeta = z.object({ tabId: shortId, version: z.number().optional() }).loose();
export const assistEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ meta: assistMeta, data: data.optional() });
export interface AssistEnvelope<T = unknown> {
  meta: { tabId: string; version?: number };
  data: T;
}

// ── Events: visitor → agents (spec 2 §7 "Emitted") ────────────────────────────────────────────
export const VisitorEvent = {
  UPDATE_SESSION: 'UPDATE_SESSION',
  messages: 'messages',
  messages_gz: 'messages_gz',
  control_granted: 'control_granted',
  control_rejected: 'control_rejected',
  control_busy: 'control_busy',
  recording_accepted: 'recording_accepted',
  recording_rejected: 'recording_rejected',
  recording_busy: 'recording_busy',
  videofeed: 'videofeed',
  call_end: 'call_end',
  /** Ours (ADR 0073): the learner paused showing the page to agents; the mirror is not live until resumed. */
  sharing_paused: 'sharing_paused',
  /** Ours (ADR 0073): the learner shows the page again; a full snapshot follows. */
  sharing_resumed: 'sharing_resumed',
} as const;
export type VisitorEventName = keyof typeof VisitorEvent;

const point = z.tuple([z.number().finite(), z.number().finite()]);
const videofeed = z.object({ streamId: z.string().max(300), enabled: z.boolean() });
const agentIdData = z.string().max(200).optional();

/** `data` of each visitor event. A batch is the tracker's decoded message tuples (validated by ingest rules on the console). */
export const visitorEventData = {
  UPDATE_SESSION: visitorSessionInfo
    .partial()
    .extend({ agentIds: z.array(z.string().max(200)).max(50).optional() }),
  messages: z.array(z.array(z.unknown())).max(20_000),
  /** gzip bytes of the JSON batch. */
  messages_gz: z.instanceof(Uint8Array).or(z.instanceof(ArrayBuffer)),
  control_granted: agentIdData,
  control_rejected: agentIdData,
  control_busy: agentIdData,
  recording_accepted: agentIdData,
  recording_rejected: agentIdData,
  recording_busy: agentIdData,
  videofeed,
  call_end: agentIdData,
  sharing_paused: z.null().optional(),
  sharing_resumed: z.null().optional(),
} satisfies Record<VisitorEventName, z.ZodType>;

// ── Events: agent → visitor (spec 2 §7 "Received") ────────────────────────────────────────────
export const AgentEvent = {
  request_control: 'request_control',
  release_control: 'release_control',
  scroll: 'scroll',
  click: 'click',
  move: 'move',
  focus: 'focus',
  input: 'input',
  startAnnotation: 'startAnnotation',
  moveAnnotation: 'moveAnnotation',
  stopAnnotation: 'stopAnnotation',
  call_end: 'call_end',
  _agent_name: '_agent_name',
  videofeed: 'videofeed',
  request_recording: 'request_recording',
  stop_recording: 'stop_recording',
} as const;
export type AgentEventName = keyof typeof AgentEvent;

export const agentEventData = {
  /** The requesting agent's display name (optional). */
  request_control: z.string().max(200).nullish(),
  release_control: z.unknown().optional(),
  /** [dx, dy] in CSS pixels. */
  scroll: point,
  /** [x, y] in the learner's viewport CSS pixels. */
  click: point,
  move: point,
  /** The rrweb/tracker node id to focus. */
  focus: z.number().int().nonnegative(),
  input: z.string().max(10_000),
  startAnnotation: point,
  moveAnnotation: point,
  stopAnnotation: z.unknown().optional(),
  call_end: z.unknown().optional(),
  _agent_name: z.string().max(200),
  videofeed,
  /** JSON text of the agent's info ({ name, ... }). */
  request_recording: z.string().max(2000),
  stop_recording: z.unknown().optional(),
} satisfies Record<AgentEventName, z.ZodType>;

/** Events only the agent who holds control may send; the relay drops them from anyone else. */
export const CONTROL_EVENTS = [
  'scroll',
  'click',
  'move',
  'focus',
  'input',
] as const satisfies readonly AgentEventName[];

// ── Events: server → clients ───────────────────────────────────────────────────────────────────
export const ServerEvent = {
  /** → visitor: (agentId, agentInfo) */
  NEW_AGENT: 'NEW_AGENT',
  /** → visitor on connect when agents wait: (agentIds: string[]) */
  AGENTS_CONNECTED: 'AGENTS_CONNECTED',
  /** → visitor on connect when agents wait: (AgentInfo & { agentId }[]) */
  AGENTS_INFO_CONNECTED: 'AGENTS_INFO_CONNECTED',
  /** → visitor: (agentId) */
  AGENT_DISCONNECTED: 'AGENT_DISCONNECTED',
  /** → visitor: () the last agent left */
  NO_AGENT: 'NO_AGENT',
  /** → agent: () no visitor tab is connected */
  SESSION_DISCONNECTED: 'SESSION_DISCONNECTED',
  /** → agents: (tabSocketId) a visitor tab (re)connected */
  SESSION_RECONNECTED: 'SESSION_RECONNECTED',
  /** → agents: ({ tabId, sessionInfo }) a visitor tab joined (a new tab, a reload, a reconnect) */
  TAB_JOINED: 'TAB_JOINED',
  /** → agents: (tabId) a visitor tab is gone (no socket of it is left) */
  TAB_LEFT: 'TAB_LEFT',
  /** → visitor: () the same tab is already connected; the socket is closed */
  SESSION_ALREADY_CONNECTED: 'SESSION_ALREADY_CONNECTED',
  /** → both on connect: (AssistConfig) PeerJS and ICE servers */
  ASSIST_CONFIG: 'ASSIST_CONFIG',
  /** → agent on connect: (AgentWelcome) its own id and the session's tabs */
  AGENT_WELCOME: 'AGENT_WELCOME',
  /** → sender: ({ event, code, message }) an event was refused (rate, size, shape, not granted) */
  ASSIST_ERROR: 'ASSIST_ERROR',
} as const;

export const iceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export const assistConfig = z.object({
  peer: z.object({
    path: z.string(),
    key: z.string(),
    /**
     * This socket's peer credential (ADR 0042): the PeerJS `token` the peer server demands for the
     * socket's own PeerJS id (an agent's also opens its canvas peer). Absent in the console's GET config.
     */
    token: z.string().max(200).optional(),
  }),
  iceServers: z.array(iceServer),
});
export type AssistConfig = z.infer<typeof assistConfig>;

export const agentWelcome = z.object({
  agentId: z.string(),
  peerId: z.string(),
  tabs: z.array(z.object({ tabId: z.string(), sessionInfo: z.record(z.string(), z.unknown()) })),
});
export type AgentWelcome = z.infer<typeof agentWelcome>;

export const assistErrorCode = z.enum([
  'rate_limited',
  'too_large',
  'bad_event',
  'not_granted',
  'no_session',
  /** The relay failed on this event (logged on the server); the socket and everyone else carry on. */
  'server_error',
]);
export const assistError = z.object({ event: z.string(), code: assistErrorCode, message: z.string() });
export type AssistError = z.infer<typeof assistError>;

/** socket.io connect_error `data` the relay sets when it refuses a handshake. */
export const assistConnectError = z.object({
  // too_many_sockets: this session/account or this address already holds as many sockets as allowed.
  // rate_limited: this session/account sent more than its byte budget and still owes: retry a few seconds later.
  code: z.enum(['unauthorized', 'bad_handshake', 'forbidden', 'too_many_sockets', 'rate_limited']),
});
export type AssistConnectError = z.infer<typeof assistConnectError>;

// ── Peer (PeerJS) messages (spec 2 §3, §7) ─────────────────────────────────────────────────────
export const PeerMessageType = {
  HEARTBEAT: 'HEARTBEAT',
  OFFER: 'OFFER',
  ANSWER: 'ANSWER',
  CANDIDATE: 'CANDIDATE',
  OPEN: 'OPEN',
  ERROR: 'ERROR',
  ID_TAKEN: 'ID-TAKEN',
  INVALID_KEY: 'INVALID-KEY',
  LEAVE: 'LEAVE',
  EXPIRE: 'EXPIRE',
} as const;
export const peerSerialization = z.enum(['binary', 'binary-utf8', 'json', 'raw']);
export const peerMessage = z.object({
  type: z.enum(Object.values(PeerMessageType) as [string, ...string[]]),
  payload: z
    .object({
      sdp: z.unknown().optional(),
      type: z.enum(['data', 'media']).optional(),
      connectionId: z.string().max(100).optional(),
      candidate: z.unknown().optional(),
      metadata: z.unknown().optional(),
      label: z.string().max(200).optional(),
      reliable: z.boolean().optional(),
      serialization: peerSerialization.optional(),
      msg: z.string().optional(),
    })
    .loose()
    .optional(),
  dst: z.string().max(700).optional(),
  src: z.string().max(700).optional(),
});
export type PeerMessage = z.infer<typeof peerMessage>;

/** Metadata the agent puts on its PeerJS call (ours). */
export const callMetadata = z.object({
  agentName: z.string().max(200).optional(),
  agentId: z.string().max(200),
});

// ── Error texts (spec 2 §8, verbatim) ──────────────────────────────────────────────────────────
export const PEER_ERROR_MESSAGES = {
  'browser-incompatible': 'The current browser does not support WebRTC',
  disconnected: 'Cannot connect to new Peer after disconnecting from server.',
  'invalid-id': 'ID is invalid',
  network: 'Lost connection to server.',
  'peer-unavailable': 'Could not connect to peer',
  'unavailable-id': 'ID is taken',
} as const;
export const CONNECTION_ERROR_MESSAGES = {
  'not-open-yet': 'Connection is not open. You should listen for the open event before sending messages.',
  'message-too-big': 'Message too big for JSON channel',
} as const;
export const ASSIST_ERROR_TEXTS = {
  noId: 'Could not get an ID from the server.',
  listPeers: 'Could not get list peers from the server.',
  noSessionId: 'No session ID.',
  noAudio: 'No audio tracks provided',
  noVideo: 'No video track provided',
} as const;

// ── Confirm texts (spec 2 §2, verbatim defaults) ───────────────────────────────────────────────
export const CONFIRM_DEFAULTS = {
  call: {
    text: 'You have an incoming call. Do you want to answer?',
    accept: 'Answer',
    decline: 'Reject',
    /** Names the calling agent (ours, issue 32): `{name}` is the agent's name, cut as in the call window. */
    caller: 'Call from {name}',
  },
  control: {
    text: 'Agent requested remote control. Allow?',
    accept: 'Grant Remote Control',
    decline: 'Reject',
  },
  recording: {
    text: 'Agent requested to record activity in this browser tab.',
    accept: 'Allow Recording',
    decline: 'Reject',
  },
} as const;
export const PAUSED_VIDEO_TEXT = 'Video has been paused. Click anywhere to resume.';

// ── Console: live sessions list (ours) ─────────────────────────────────────────────────────────
export const liveSessionsQuery = z.object({
  q: z.string().max(200).optional(),
  userId: z.string().max(500).optional(),
  projectKey: z.string().max(200).optional(),
  active: z.enum(['0', '1']).optional(),
  /** The learner's name or e-mail contains this (the server's learner, never the page's claim). */
  learner: z.string().max(200).optional(),
  /** The current page's address or title contains this. */
  page: z.string().max(200).optional(),
  /** Only learners who are members of this class (ADR 0065). */
  class_id: z.uuid().optional(),
  /** The tab's browser (from its user agent, e.g. "Chrome 131") contains this. */
  browser: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const liveSession = z.object({
  projectKey: z.string(),
  sessionId: z.string(),
  userId: z.string().nullable(),
  userUuid: z.string().nullable(),
  /**
   * The learner the server recorded for this session (the portal's signed assertion, ADR 0045), with the
   * account's name and e-mail; null for a visitor no signed-in user vouched for. Never what the page claims.
   */
  learner: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  pageTitle: z.string(),
  url: z.string().nullable(),
  /** When the learner arrived on the page shown (the tab's last navigation, or its connection). */
  pageSince: z.string(),
  active: z.boolean(),
  tabs: z.number().int(),
  agents: z.number().int(),
  connectedAt: z.string(),
  /** The active tab's browser and major version from its user agent ("" when unknown). */
  browser: z.string(),
});
export type LiveSession = z.infer<typeof liveSession>;
export const liveSessionsResponse = z.object({ list: z.array(liveSession) });
/**
 * Console list socket (identity 'console', no peerId): the server pushes `LIVE_SESSIONS_CHANGED`
 * ({ sessionId }) whenever a tab or agent comes, goes or updates; the console then re-reads the list.
 */
export const LIVE_SESSIONS_EVENT = 'LIVE_SESSIONS_CHANGED';

// ── Console: assist statistics for admins (ours, ADR 0065) ─────────────────────────────────────
/** The longest period one statistics read covers. */
export const ASSIST_STATS_MAX_DAYS = 366;
export const assistStatsQuery = z
  .strictObject({
    /** The period's start (inclusive) and end (exclusive): the console sends its local midnights. */
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { message: '結束時間必須晚於開始時間', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= ASSIST_STATS_MAX_DAYS * 86_400_000, {
    message: `期間最長 ${ASSIST_STATS_MAX_DAYS} 天`,
    path: ['to'],
  });
export type AssistStatsQuery = z.infer<typeof assistStatsQuery>;
export const assistAgentStats = z.object({
  /** Null for an account removed since. */
  agent_id: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  /** Sessions the agent opened a live view of (started in the period). */
  sessions_assisted: z.number().int(),
  calls: z.number().int(),
  /** Of the calls that have ended; one still going counts in `calls` only. */
  call_ms: z.number().int(),
  avg_call_ms: z.number().int(),
  controls: z.number().int(),
  control_ms: z.number().int(),
});
export type AssistAgentStats = z.infer<typeof assistAgentStats>;
export const assistStatsResponse = z.object({
  from: z.string(),
  to: z.string(),
  /** Busiest first (sessions assisted, then call time). */
  agents: z.array(assistAgentStats),
});
export type AssistStatsResponse = z.infer<typeof assistStatsResponse>;
