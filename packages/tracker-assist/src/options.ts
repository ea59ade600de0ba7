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
    callConfirm: { ...CONFIRM_DEFAULTS.call, ...o.callConfirm },
    controlConfirm: { ...CONFIRM_DEFAULTS.control, ...o.controlConfirm },
    recordingConfirm: { ...CONFIRM_DEFAULTS.recording, ...o.recordingConfirm },
  };
}

/** The end callback a start callback may return. */
export const enderOf = (v: unknown): (() => void) | null =>
  typeof v === 'function' ? (v as () => void) : null;
