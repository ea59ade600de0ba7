import { MessageType } from '@atrium/protocol/tracker/messages';
import { INGEST_PATHS } from '@atrium/protocol/tracker/paths';
import { App, type AppEnv, type Module } from './app.ts';
import { ActivityState, type Msg, type StartOptions, type StartResult } from './app-state.ts';
import { TrackerErrors } from './errors.ts';
import { clearSavedOfflinePages, readSavedOfflinePages } from './lib/offline-store.ts';
import { domModule, nodeById } from './modules/dom.ts';
import { exceptionMessage } from './modules/errors.ts';
import { defaultModules } from './modules/index.ts';
import {
  getOfflineBuffer,
  saveOfflineBuffer,
  setOfflineBuffer,
  startOffline,
  uploadHistory,
} from './offline-recording.ts';
import {
  doNotTrackIsOn,
  type FeatureFlag,
  hasRequiredFeatures,
  type Options,
  resolveOptions,
} from './options.ts';
import { conditionalStart, startSession } from './start-protocol.ts';
import { TRACKER_VERSION } from './version.ts';
import { createBlobWorker } from './worker/create-worker.ts';

const INSTANCE_KEY = '__atriumTrackerInstance';

type Win = Window & typeof globalThis & { [INSTANCE_KEY]?: Tracker };

export interface TrackerEnv {
  window?: Win;
  /** Tests and embedders may provide the worker; default: a Blob worker. */
  createWorker?: AppEnv['createWorker'];
  modules?: Module[];
}

/** What plugins (assist…) learn about the running session; the session fields are null before a start. */
export interface SessionInfoForPlugins {
  sessionID: string | null;
  sessionToken: string | null;
  userUUID: string | null;
  tabId: string | null;
  projectKey: string | null;
  userID: string | null;
  metadata: Record<string, string>;
  /** Session start, epoch ms. */
  timestamp: number | null;
  ingestPoint: string | null;
}

/**
 * The public tracker. Initialisation never throws at the host page: a problem is logged and every call
 * afterwards answers with the reason (spec §5, §8).
 */
export class Tracker {
  static readonly version = TRACKER_VERSION;
  readonly version = TRACKER_VERSION;
  /** Set when the tracker could not initialise; start() answers with it. */
  readonly initError: string | null = null;
  private readonly app: App | null = null;
  private readonly unsupported: boolean = false;

  constructor(options: Options, env: TrackerEnv = {}) {
    const w = env.window ?? (typeof window === 'undefined' ? undefined : (window as Win));
    if (!w) {
      this.initError = TrackerErrors.notInBrowser;
      return;
    }
    const check = resolveOptions(options, w.location.origin);
    if (!check.ok) {
      console.error(check.error);
      this.initError = TrackerErrors.notInitialized;
      return;
    }
    if (w[INSTANCE_KEY]) {
      console.error(TrackerErrors.oneInstance);
      this.initError = TrackerErrors.oneInstance;
      return;
    }
    const o = check.options;
    // Spec 2: a secure protocol. Chromium treats http://127.0.0.1 and http://localhost as secure contexts,
    // yet they are plain http: refused like any insecure page unless the option is set (OpenReplay's rule).
    if (!o.__DISABLE_SECURE_MODE && (w.isSecureContext === false || w.location.protocol !== 'https:')) {
      console.error(TrackerErrors.insecure);
      this.initError = TrackerErrors.insecure;
      return;
    }
    const dnt = o.respectDoNotTrack && doNotTrackIsOn(w);
    if (!hasRequiredFeatures(w) || dnt) {
      this.unsupported = true;
      const body = {
        trackerVersion: TRACKER_VERSION,
        projectKey: o.projectKey,
        doNotTrack: dnt,
        reason: dnt ? 'do-not-track' : 'missing-api',
      };
      void w
        .fetch?.(`${o.ingestPoint}${INGEST_PATHS.notStarted}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
          keepalive: true,
        })
        .catch(() => undefined);
      return;
    }
    w[INSTANCE_KEY] = this;
    this.app = new App(o, env.modules ?? defaultModules, {
      window: w,
      createWorker: env.createWorker ?? createBlobWorker,
    });
  }

  private get ready(): App | null {
    return this.unsupported ? null : this.app;
  }

  private failure(): StartResult {
    if (this.unsupported) return { success: false, reason: TrackerErrors.unsupported };
    return { success: false, reason: this.initError ?? TrackerErrors.notInitialized };
  }

  /** Starts a session (continuing this tab's session if there is one). */
  start(startOpts: StartOptions = {}): Promise<StartResult> {
    const app = this.ready;
    if (!app) return Promise.resolve(this.failure());
    const w = app.env.window;
    if (app.options.crossdomain.enabled && w.parent !== w && !sameOriginParent(w)) {
      return Promise.resolve(app.startChildFrame(domModule));
    }
    return startSession(app, startOpts);
  }

  /**
   * Records into the cold-start buffers without a session; start() later sends the history. With
   * `conditional`, the project's conditions are fetched and the session starts by itself when one matches.
   */
  async coldStart(
    startOpts: StartOptions = {},
    conditional = false,
  ): Promise<StartResult | { success: true }> {
    const app = this.ready;
    if (!app) return this.failure();
    if (startOpts.userID !== undefined) app.userID = startOpts.userID;
    if (startOpts.metadata) Object.assign(app.metadata, startOpts.metadata);
    if (!app.coldStart()) return { success: false, reason: TrackerErrors.alreadyStarted };
    if (conditional) return conditionalStart(app, startOpts);
    return { success: true };
  }

  // ---- feature flags ----

  isFlagEnabled(key: string): boolean {
    return this.app?.flags.isEnabled(key) ?? false;
  }
  getFeatureFlag(key: string): FeatureFlag | undefined {
    return this.app?.flags.get(key);
  }
  getAllFeatureFlags(): FeatureFlag[] {
    return this.app?.flags.flags ?? [];
  }
  onFlagsLoad(fn: (flags: FeatureFlag[]) => void): () => void {
    return this.app?.flags.onLoad(fn) ?? (() => undefined);
  }
  /** Fetches the flags again (after setUserID or setMetadata, for example). */
  async reloadFlags(): Promise<FeatureFlag[]> {
    const s = this.app?.session;
    if (!this.app || !s) return [];
    return this.app.flags.reload(s.token, s.projectID);
  }

  stop(): void {
    this.app?.stop();
  }

  // ---- plugin surface (OpenReplay's `use` and the calls assist relies on) ----

  /** Installs a plugin: `fn(tracker)`, its result returned. */
  use<T>(fn: (tracker: Tracker) => T): T {
    return fn(this);
  }

  getSessionInfo(): SessionInfoForPlugins {
    const app = this.app;
    const s = app?.session ?? null;
    return {
      sessionID: s?.sessionID ?? null,
      sessionToken: s?.token ?? null,
      userUUID: s?.userUUID ?? null,
      tabId: app?.tabId ?? null,
      projectKey: app?.options.projectKey ?? null,
      userID: app?.userID ?? null,
      metadata: { ...(app?.metadata ?? {}) },
      timestamp: app?.startedAt ?? null,
      ingestPoint: app?.options.ingestPoint ?? null,
    };
  }

  /** The session's replay in the console (`withCurrentTime`: at this moment of it); null before a start. */
  getSessionURL(opts: { withCurrentTime?: boolean } = {}): string | null {
    const app = this.app;
    const id = app?.session?.sessionID;
    if (!app || !id) return null;
    const url = `${app.options.sessionURLBase}/${encodeURIComponent(id)}`;
    if (!opts.withCurrentTime || app.startedAt === null) return url;
    return `${url}?t=${Math.max(0, Date.now() - app.startedAt)}`;
  }

  /** Called on every (re)start, at once if a session is running; returns an unsubscribe. */
  onStart(cb: (info: SessionInfoForPlugins) => void): () => void {
    const app = this.app;
    if (!app) return () => undefined;
    const off = app.attachStartCallback(() => cb(this.getSessionInfo()));
    if (app.state === ActivityState.Active) cb(this.getSessionInfo());
    return off;
  }

  /** Called on every stop (also the stop half of restart()); returns an unsubscribe. */
  onStop(cb: () => void): () => void {
    return this.app?.attachStopCallback(cb) ?? (() => undefined);
  }

  /**
   * Every committed batch, decoded (`[[0, ts], [49, tabId], ...messages]`, the tuples the ingest stores and the
   * replayer reads), in order — for streaming to a live viewer. The messages are shared: do not mutate them.
   */
  onBatch(cb: (messages: Msg[]) => void): () => void {
    return this.app?.onBatch(cb) ?? (() => undefined);
  }

  /** Stop and start again in the same session: a fresh full snapshot follows (a live viewer joins). */
  async restart(): Promise<StartResult> {
    const app = this.ready;
    if (!app) return this.failure();
    app.stop();
    return startSession(app, {});
  }

  /** A channel for messages the page exchanges by other means (socket.io…): `(type, data, dir) => void`. */
  trackWs(channel: string): (msgType: string, data: string, dir: 'up' | 'down') => void {
    return (msgType, data, dir) => {
      if (typeof channel !== 'string' || channel.length > 255 || typeof data !== 'string') return;
      if (data.length > 5 * 1024 * 1024) return; // spec §9: bodies over 5 MB are ignored
      this.app?.send([MessageType.WSChannel, 'websocket', channel, data, dir, String(msgType)]);
    };
  }

  /** OpenReplay's aliases. */
  userID(id: string): void {
    this.setUserID(id);
  }
  userAnonymousID(id: string): void {
    this.setUserAnonymousID(id);
  }
  metadata(key: string, value: string): void {
    this.setMetadata(key, value);
  }

  /** start() waits for this promise to settle first (spec §4: start waits until it is allowed to start). */
  holdStart(gate: Promise<unknown>): void {
    this.app?.holdStart(gate);
  }

  /** Stops and frees everything, including the instance slot: a new Tracker may be made afterwards. */
  destroy(): void {
    const app = this.app;
    if (!app) return;
    app.destroy();
    const w = app.env.window as Win;
    if (w[INSTANCE_KEY] === this) delete w[INSTANCE_KEY];
  }

  isActive(): boolean {
    return this.app?.state === ActivityState.Active;
  }
  getState(): 'NotActive' | 'ColdStart' | 'Starting' | 'Active' {
    const s = this.app?.state ?? ActivityState.NotActive;
    return (['NotActive', 'ColdStart', 'Starting', 'Active'] as const)[s];
  }
  getSessionToken(): string | null {
    return this.app?.session?.token ?? null;
  }
  getSessionID(): string | null {
    return this.app?.session?.sessionID ?? null;
  }
  getTabId(): string | null {
    return this.app?.tabId ?? null;
  }
  /**
   * The page node the recording numbered `id`, or null when not recording: how a plugin acts on what an
   * agent names in the mirrored page (assist's `focus(nodeId)`).
   */
  getNode(id: number): Node | null {
    if (this.app?.state !== ActivityState.Active || !Number.isInteger(id)) return null;
    return nodeById(id);
  }

  /** Spec §5: user id must be a string. */
  setUserID(id: string): void {
    const app = this.app;
    if (!app || typeof id !== 'string') return;
    app.userID = id;
    app.send([MessageType.UserID, id]);
  }
  setUserAnonymousID(id: string): void {
    if (!this.app || typeof id !== 'string') return;
    this.app.send([MessageType.UserAnonymousID, id]);
  }
  /** Spec §5: key and value must be strings. */
  setMetadata(key: string, value: string): void {
    const app = this.app;
    if (!app || typeof key !== 'string' || typeof value !== 'string') return;
    app.metadata[key] = value;
    app.send([MessageType.Metadata, key, value]);
  }
  /** A custom event with any JSON payload. */
  event(name: string, payload: unknown = null): void {
    if (!this.app || typeof name !== 'string') return;
    this.app.send([MessageType.CustomEvent, name, safeJson(payload)]);
    this.app.conditions?.onCustomEvent(name);
  }
  /** Reports a caught error (name, message, parsed stack) with an optional payload. */
  handleError(error: unknown, payload: unknown = null): void {
    if (!this.app) return;
    this.app.send(exceptionMessage(error, payload));
  }
  issue(type: string, context: unknown = null): void {
    if (!this.app || typeof type !== 'string') return;
    this.app.send([MessageType.Issue, type, safeJson(context)]);
  }
  /** Sends what is queued now instead of at the next batch boundary. */
  forceFlushBatch(): void {
    this.app?.forceFlushBatch();
  }

  // ---- offline recording (spec §4) ----

  startOfflineRecording(startOpts: StartOptions = {}): StartResult | { success: true } {
    const app = this.ready;
    if (!app) return this.failure();
    if (startOpts.userID !== undefined) app.userID = startOpts.userID;
    if (startOpts.metadata) Object.assign(app.metadata, startOpts.metadata);
    if (!startOffline(app)) return { success: false, reason: TrackerErrors.alreadyStarted };
    return { success: true };
  }
  /** The offline buffer: commits, each a list of messages as JSON text. */
  getBuffer(): string[][] {
    return this.app ? getOfflineBuffer(this.app) : [];
  }
  /** Replaces the offline buffer (e.g. with one an earlier page kept); false unless recording offline. */
  setBuffer(commits: string[][]): boolean {
    return this.app ? setOfflineBuffer(this.app, commits) : false;
  }
  /** Saves the offline buffer to local storage (false when there is nothing or storage refuses). */
  saveBuffer(): boolean {
    return this.app ? saveOfflineBuffer(this.app) : false;
  }
  /** A buffer saved by an earlier page, if any. */
  hasSavedBuffer(): boolean {
    return readSavedOfflinePages().length > 0;
  }

  /**
   * Uploads the offline recording — every page of it kept in local storage, and the current one — in time
   * order as one session: a session is started for it, its batches are sent, then its upload ends. Resolves
   * once the worker has sent it; the saved pages are cleared only then.
   */
  async uploadOfflineRecording(): Promise<StartResult> {
    const app = this.ready;
    if (!app) return this.failure();
    const pages = readSavedOfflinePages().filter((p) => p.page !== app.offlinePage);
    let userID: string | null = null;
    if (app.offline) {
      const commits = getOfflineBuffer(app);
      const first = commits[0]?.[0] ? (JSON.parse(commits[0][0]) as number[])[1]! : Date.now();
      pages.push({
        page: app.offlinePage,
        timestamp: first,
        url: '',
        userID: app.userID,
        metadata: {},
        commits,
      });
      app.stop(false);
    }
    if (pages.length === 0) return { success: false, reason: 'No offline recording' };
    pages.sort((a, b) => a.timestamp - b.timestamp);
    for (const p of pages) userID ??= p.userID;
    if (userID) app.userID = userID;
    const r = await uploadHistory(
      app,
      pages.flatMap((p) => p.commits),
      pages[0]!.timestamp,
    );
    if (r.success) clearSavedOfflinePages();
    return r;
  }
}

function sameOriginParent(w: Window): boolean {
  try {
    return !!w.parent.document;
  } catch {
    return false;
  }
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? 'null';
  } catch {
    return '"[unserialisable]"';
  }
}
