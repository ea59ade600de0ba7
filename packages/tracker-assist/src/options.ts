import { COMPRESSION, CONFIRM_DEFAULTS, PAUSED_VIDEO_TEXT } from '@atrium/protocol/assist';

/** The texts of one confirm window (spec 2 §2); any left out keeps the spec's default. */
export interface ConfirmTexts {
  text?: string;
  accept?: string;
  decline?: string;
  /** The call prompt's line naming who calls; `{name}` is replaced by the agent's name. */
  caller?: string;
}

/** The call window's labels (spec 2 §2); English defaults, the portal passes zh-TW. */
export interface CallTexts {
  mute: string;
  unmute: string;
  videoOn: string;
  videoOff: string;
  endCall: string;
  endControl: string;
  remoteControl: string;
  pausedVideo: string;
}

/**
 * The learner's notice bar while agents watch or control (ours, ADR 0073): zh-TW defaults, as the
 * community's learners read; `{names}` / `{name}` are replaced by the agents' names.
 */
export interface NoticeTexts {
  /** The bar's accessible name. */
  label: string;
  watching: string;
  controlling: string;
  endControl: string;
  /** Told next to the end button: the key that ends control too. */
  endControlKey: string;
  pause: string;
  resume: string;
  paused: string;
  /** The name of an agent whose name is not known (yet). */
  agent: string;
  /** Joins two or more agents' names. */
  separator: string;
}

export const DEFAULT_NOTICE_TEXTS: NoticeTexts = {
  label: '即時協助',
  watching: '{names} 正在查看您的畫面',
  controlling: '{name} 正在遠端控制您的畫面',
  endControl: '結束遠端控制',
  endControlKey: '（或按 Esc）',
  pause: '暫停分享畫面',
  resume: '繼續分享畫面',
  paused: '已暫停分享畫面，客服目前看不到您的畫面',
  agent: '客服',
  separator: '、',
};

export interface AgentInfo {
  name?: string;
  email?: string;
  peerId?: string;
  [k: string]: unknown;
}

/** A callback may return a function: it is called when that thing ends (OpenReplay's contract). */
type Ender = unknown;

/** Assist options (spec 2 §3); the last group is ours. */
export interface AssistOptions {
  session_calling_peer_key: string;
  session_control_peer_key: string;
  /** Assist server: its origin and path prefix. Default: the tracker's ingest origin. */
  serverURL?: string;
  /** Socket host (origin) only, wins over serverURL's. */
  socketHost?: string;
  /** HTML of the call window; it must keep the built-in template's `data-assist` hooks. */
  callUITemplate?: string;
  callConfirm?: ConfirmTexts;
  controlConfirm?: ConfirmTexts;
  recordingConfirm?: ConfirmTexts;
  compressionEnabled: boolean;
  compressionMinBatchSize: number;
  onCallStart?: (agent: AgentInfo) => Ender;
  onCallDeny?: () => void;
  onAgentConnect?: (agent: AgentInfo) => Ender;
  onRemoteControlStart?: (agent: AgentInfo) => Ender;
  onRemoteControlDeny?: (agent: AgentInfo) => void;
  onRecordingRequest?: (agent: AgentInfo) => Ender;
  onRecordingDeny?: (agent: AgentInfo) => void;
  /** An unanswered incoming call is declined after this long (spec 1 §9: 30 s). */
  callConfirmTimeoutMs: number;
  callTexts: CallTexts;
  noticeTexts: NoticeTexts;
  /** Called with each problem worth a developer's attention (default: console.warn). */
  onWarning: (message: string, detail?: unknown) => void;
}

export const DEFAULT_CALL_TEXTS: CallTexts = {
  mute: 'Mute',
  unmute: 'Unmute',
  videoOn: 'Start video',
  videoOff: 'Stop video',
  endCall: 'End call',
  endControl: 'End remote control',
  remoteControl: 'Remote control',
  pausedVideo: PAUSED_VIDEO_TEXT,
};

export function resolveOptions(o: Partial<AssistOptions> = {}): AssistOptions {
  return {
    session_calling_peer_key: '__openreplay_calling_peer',
    session_control_peer_key: '__openreplay_control_peer',
    compressionEnabled: COMPRESSION.enabledByDefault,
    compressionMinBatchSize: COMPRESSION.minBatchSize,
    callConfirmTimeoutMs: 30_000,
    onWarning: (m, d) => (d === undefined ? console.warn(m) : console.warn(m, d)),
    ...o,
    callTexts: { ...DEFAULT_CALL_TEXTS, ...o.callTexts },
    noticeTexts: { ...DEFAULT_NOTICE_TEXTS, ...o.noticeTexts },
    callConfirm: { ...CONFIRM_DEFAULTS.call, ...o.callConfirm },
    controlConfirm: { ...CONFIRM_DEFAULTS.control, ...o.controlConfirm },
    recordingConfirm: { ...CONFIRM_DEFAULTS.recording, ...o.recordingConfirm },
  };
}

/** The end callback a start callback may return. */
export const enderOf = (v: unknown): (() => void) | null =>
  typeof v === 'function' ? (v as () => void) : null;
