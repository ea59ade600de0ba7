import { TrackerErrors } from './errors.ts';

/** Input modes of spec §5: plain values (with the obscuring rules), obscured (`*`), hidden (blank). */
export const InputMode = { Plain: 0, Obscured: 1, Hidden: 2 } as const;
export type InputMode = (typeof InputMode)[keyof typeof InputMode];

export interface NetworkRecord {
  /** fetch, xhr or beacon; for a resource timing (captureResourceTimings) its initiator: img, script, css… */
  requestType: string;
  method: string;
  url: string;
  request: { headers: Record<string, string>; body: string | null };
  response: { headers: Record<string, string>; body: string | null };
  status: number;
  startTime: number;
  duration: number;
  responseSize: number;
}

export interface NetworkOptions {
  /** Request and response bodies are dropped unless this is true (spec §9). */
  capturePayload?: boolean;
  /** Header names left out (default cookie, set-cookie, authorization); `true` drops all headers. */
  ignoreHeaders?: string[] | boolean;
  /** Only record calls that failed (status ≥ 400 or network error). */
  failuresOnly?: boolean;
  /** Add the session token to our page's outgoing calls under this header (`true`: X-Atrium-Session-Token). */
  sessionTokenHeader?: string | boolean;
  /**
   * Last chance to edit or drop (return null) a record before it is queued. Resource timings pass through it
   * too (only their url is kept), so a URL scrubbed here is scrubbed everywhere.
   */
  sanitizer?: (record: NetworkRecord) => NetworkRecord | null;
  /** Record WebSocket messages (bodies only with capturePayload). Default true. */
  captureWebSocket?: boolean;
}

export interface MouseOptions {
  /** Record pointer positions (sampled every 7 ticks). Default true. */
  trackMoves?: boolean;
  /** Report pointer shaking (225 ms window). Default true. */
  detectShake?: boolean;
}

export interface CanvasOptions {
  /** Never record canvas, whatever the server allows. */
  disableCanvas?: boolean;
}

export interface CrossdomainOptions {
  /** Record same-page cross-origin iframes that also run the tracker (rrweb's cross-origin mode). */
  enabled?: boolean;
  parentDomain?: string;
}

export interface FeatureFlag {
  key: string;
  is_persist: boolean;
  value: string | boolean;
  payload: string | null;
}

export interface FlagsOptions {
  onFlagsLoad?: (flags: FeatureFlag[]) => void;
}

export interface Options {
  projectKey: string;
  /** @deprecated use projectKey */
  projectID?: number;
  /** Default `${location.origin}/ingest`. */
  ingestPoint?: string;
  respectDoNotTrack?: boolean;
  network?: NetworkOptions;
  mouse?: MouseOptions;
  flags?: FlagsOptions;
  crossdomain?: CrossdomainOptions;
  canvas?: CanvasOptions;
  /** Record on a plain-http page (local testing). */
  __DISABLE_SECURE_MODE?: boolean;
  /** Console methods to capture; default log, info, warn, error, debug, assert. `[]` turns console off. */
  consoleMethods?: string[];
  /** Messages per reset window (33 ticks); default 30. */
  consoleThrottling?: number;
  captureExceptions?: boolean;
  capturePerformance?: boolean;
  captureVitals?: boolean;
  /** Files the page loads (images, scripts, styles, fonts…) from the Resource Timing API. Default true. */
  captureResourceTimings?: boolean;
  /**
   * Frame rate, main-thread availability and JS heap every 2 s while the page is visible. Default false:
   * counting frames keeps a requestAnimationFrame loop running, which costs the page main-thread time.
   */
  capturePerformanceTrack?: boolean;
  defaultInputMode?: InputMode;
  obscureInputNumbers?: boolean;
  obscureInputEmails?: boolean;
  obscureInputDates?: boolean;
  obscureTextNumbers?: boolean;
  obscureTextEmails?: boolean;
  /** Every text node is recorded as `*` (layout kept, words never leave the browser). */
  maskAllText?: boolean;
  /** Attribute names whose values are recorded as `***` (e.g. title, placeholder, alt, aria-label). */
  maskAttributes?: string[];
  /**
   * Mutation guard: DOM node changes per second the recorder follows before it pauses DOM recording,
   * marks the gap in the recording and resumes with a fresh snapshot once the page calms. Default 200000.
   */
  mutationBudget?: number;
  /**
   * Memory cap in bytes (of recorded JSON) for each buffer: the cold-start and offline buffers, the commits
   * made while a start is in flight, and the upload worker's backlog. Past it the oldest data is dropped, the
   * recording notes the gap and resumes from a fresh full snapshot. Default 20 MB.
   */
  memoryCap?: number;
  /**
   * Full-snapshot checkpoints, so a player can seek without replaying from the start: one after `ms` of
   * activity or `events` recorder events since the last full snapshot, whichever comes first (ADR 0021).
   * Default 5 minutes or 5 000 events.
   */
  checkpoint?: { ms?: number; events?: number };
  /** Session storage key of the tab id (spec §3). */
  tabIdKey?: string;
  connAttemptCount?: number;
  connAttemptGap?: number;
  /** The cold-start interval unit in ms (default 1000); a cycle is 30 units (spec §9). */
  coldInterval?: number;
  /** Called with internal warnings; default console.warn. The portal passes a logger. */
  onWarning?: (message: string) => void;
  /**
   * Assist only: a session is started (assist needs its id and token) and the page is recorded for the
   * plugins (`onBatch`), but nothing is uploaded. The server may also answer a start with `assistOnly`.
   */
  assistOnly?: boolean;
  /** Where `getSessionURL()` points; default `${ingest origin}/console/sessions`. */
  sessionURLBase?: string;
  /**
   * OpenReplay's per-element privacy hook: 0 plain, 1 obscured, 2 hidden (text and inputs of the element).
   * Called for every recorded text node's parent and every input: keep it cheap.
   */
  domSanitizer?: (element: Element) => 0 | 1 | 2;
}

export type ResolvedOptions = Required<
  Omit<
    Options,
    | 'projectID'
    | 'ingestPoint'
    | 'onWarning'
    | 'network'
    | 'mouse'
    | 'flags'
    | 'crossdomain'
    | 'canvas'
    | 'sessionURLBase'
    | 'domSanitizer'
    | 'checkpoint'
  >
> & {
  checkpoint: { ms: number; events: number };
  ingestPoint: string;
  sessionURLBase: string;
  domSanitizer?: (element: Element) => 0 | 1 | 2;
  network: Required<Omit<NetworkOptions, 'sanitizer'>> & Pick<NetworkOptions, 'sanitizer'>;
  mouse: Required<MouseOptions>;
  flags: FlagsOptions;
  crossdomain: CrossdomainOptions;
  canvas: CanvasOptions;
  onWarning: (message: string) => void;
};

export const DEFAULT_CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'assert'];
export const DEFAULT_IGNORED_HEADERS = ['cookie', 'set-cookie', 'authorization'];

/** Options whose default is a plain value: the page's value unless null or undefined, else this. */
const PLAIN_DEFAULTS: Pick<
  ResolvedOptions,
  | 'respectDoNotTrack'
  | '__DISABLE_SECURE_MODE'
  | 'consoleMethods'
  | 'consoleThrottling'
  | 'captureExceptions'
  | 'capturePerformance'
  | 'captureVitals'
  | 'captureResourceTimings'
  | 'capturePerformanceTrack'
  | 'defaultInputMode'
  | 'obscureInputNumbers'
  | 'obscureInputEmails'
  | 'obscureInputDates'
  | 'obscureTextNumbers'
  | 'obscureTextEmails'
  | 'maskAllText'
  | 'mutationBudget'
  | 'tabIdKey'
  | 'connAttemptCount'
  | 'connAttemptGap'
  | 'coldInterval'
> = {
  respectDoNotTrack: false,
  __DISABLE_SECURE_MODE: false,
  consoleMethods: DEFAULT_CONSOLE_METHODS,
  consoleThrottling: 30,
  captureExceptions: true,
  capturePerformance: true,
  captureVitals: true,
  captureResourceTimings: true,
  capturePerformanceTrack: false,
  defaultInputMode: InputMode.Plain,
  obscureInputNumbers: true,
  obscureInputEmails: true,
  obscureInputDates: false,
  obscureTextNumbers: false,
  obscureTextEmails: true,
  maskAllText: false,
  // A last resort against pathological pages, not a way to meet a budget: a 2 000-row table render
  // (14 000 changes) or a live table (~400 cells a frame) is recorded whole.
  mutationBudget: 200_000,
  tabIdKey: '__openreplay_tabid',
  connAttemptCount: 10,
  connAttemptGap: 500,
  coldInterval: 1000,
};

export type OptionsCheck = { ok: true; options: ResolvedOptions } | { ok: false; error: string };

/** Spec §5: options must be an object with a string projectKey (a number is converted with a warning). */
export function resolveOptions(raw: unknown, origin: string): OptionsCheck {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return { ok: false, error: TrackerErrors.projectKey };
  const o = raw as Partial<Options> & { projectKey?: unknown };
  // The page's console.warn as it is now, before the console capture wraps it: our own warnings are not
  // recorded into the visitor's console and do not use its quota.
  const pageWarn = console.warn;
  const warn = o.onWarning ?? ((m: string) => pageWarn.call(console, m));
  let projectKey = o.projectKey;
  if (typeof projectKey === 'number' && Number.isFinite(projectKey)) {
    warn(TrackerErrors.projectKeyNumber);
    projectKey = String(projectKey);
  }
  if (projectKey === undefined && typeof o.projectID === 'number') {
    warn(TrackerErrors.projectID);
    projectKey = String(o.projectID);
  } else if (o.projectID !== undefined) warn(TrackerErrors.projectID);
  if (typeof projectKey !== 'string' || projectKey === '')
    return { ok: false, error: TrackerErrors.projectKey };

  const net = o.network ?? {};
  const ingestPoint = (o.ingestPoint ?? `${origin}/ingest`).replace(/\/+$/, '');
  return {
    ok: true,
    options: {
      ...withDefaults(o, PLAIN_DEFAULTS),
      projectKey,
      ingestPoint,
      sessionURLBase: (o.sessionURLBase ?? `${originOf(ingestPoint, origin)}/console/sessions`).replace(
        /\/+$/,
        '',
      ),
      network: {
        ...withDefaults(net, {
          capturePayload: false,
          ignoreHeaders: DEFAULT_IGNORED_HEADERS,
          failuresOnly: false,
          sessionTokenHeader: false,
          captureWebSocket: true,
        }),
        sanitizer: net.sanitizer,
      },
      mouse: withDefaults(o.mouse, { trackMoves: true, detectShake: true }),
      flags: o.flags ?? {},
      crossdomain: o.crossdomain ?? {},
      canvas: o.canvas ?? {},
      maskAttributes: o.maskAttributes ?? [],
      memoryCap: positive(o.memoryCap) ?? 20_000_000,
      checkpoint: {
        ms: positive(o.checkpoint?.ms) ?? 5 * 60_000,
        events: positive(o.checkpoint?.events) ?? 5_000,
      },
      onWarning: warn,
      assistOnly: o.assistOnly === true,
      domSanitizer: typeof o.domSanitizer === 'function' ? o.domSanitizer : undefined,
    },
  };
}

/** Spec §5 required browser features: Map, Set, MutationObserver, performance timing, startsWith, Blob, Worker. */
export function hasRequiredFeatures(w: Window & typeof globalThis): boolean {
  return (
    typeof w.Map === 'function' &&
    typeof w.Set === 'function' &&
    typeof w.MutationObserver === 'function' &&
    typeof w.performance === 'object' &&
    typeof w.performance.now === 'function' &&
    typeof w.performance.timing === 'object' &&
    typeof String.prototype.startsWith === 'function' &&
    typeof w.Blob === 'function' &&
    typeof w.Worker === 'function'
  );
}

/** Do Not Track as the browsers expose it (`'1'` or `'yes'`). */
export function doNotTrackIsOn(w: Window): boolean {
  const nav = w.navigator as Navigator & { msDoNotTrack?: string };
  const dnt = nav.doNotTrack ?? (w as unknown as { doNotTrack?: string }).doNotTrack ?? nav.msDoNotTrack;
  return dnt === '1' || dnt === 'yes';
}

/**
 * `defaults` with each value the page set (not null or undefined) taken from `o`, like `x: o.x ?? d` per key
 * but with each key once in the bundle instead of twice: the tracker's 40 KB gzip budget.
 */
function withDefaults<T extends object>(o: object | undefined, defaults: T): T {
  const out = { ...defaults };
  for (const k in defaults) out[k] = (o as Partial<T> | undefined)?.[k] ?? defaults[k];
  return out;
}

const positive = (n: unknown): number | undefined => (typeof n === 'number' && n > 0 ? n : undefined);

function originOf(url: string, fallback: string): string {
  try {
    return new URL(url, fallback).origin;
  } catch {
    return fallback;
  }
}
