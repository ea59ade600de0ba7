import { MessageType } from '@atrium/protocol/tracker/messages';
import { INGEST_PATHS } from '@atrium/protocol/tracker/paths';
import { TrackerErrors } from './errors.ts';
import { listen } from './lib/listen.ts';
import { getNatives, type Natives } from './lib/natives.ts';
import { saveOfflinePage } from './lib/offline-store.ts';
import { readStorage, StorageKeys, writeStorage } from './lib/storage.ts';
import { TabChannel } from './lib/tab-channel.ts';
import { type Condition, ConditionsMatcher } from './modules/conditions.ts';
import { FeatureFlags } from './modules/flags.ts';
import type { ResolvedOptions } from './options.ts';
import { checkStartResponse, type SessionInfo } from './start-response.ts';
import { TRACKER_VERSION } from './version.ts';
import type { WorkerLike } from './worker/create-worker.ts';
import { Outbox, takeStoredUnsent } from './worker/outbox.ts';
import type { ToMain } from './worker/worker-messages.ts';

/** Spec §4 tracker states. */
export const ActivityState = { NotActive: 0, ColdStart: 1, Starting: 2, Active: 3 } as const;
export type ActivityState = (typeof ActivityState)[keyof typeof ActivityState];

export type Msg = unknown[];
/** One commit as JSON texts of its messages. */
export type Commit = string[];

export interface StartOptions {
  userID?: string;
  metadata?: Record<string, string>;
  /** Start a new session even if this tab has one. */
  forceNew?: boolean;
}

export type StartResult =
  | { success: true; sessionID: string; sessionToken: string; userUUID: string }
  | { success: false; reason: string };

/** A capture module: installed when recording begins, its teardown runs on stop(). */
export type Module = (app: App) => (() => void) | undefined;

// One tick = 30 ms: commits leave for the worker every tick; spec §9 counts mouse and console in ticks.
export const TICK_MS = 30;
// How long a start waits for other tabs of the site to answer (BroadcastChannel answers take a few ms).
const TAB_QUESTION_MS = 60;
// A blob worker answers within milliseconds; a busy page or machine gets ample slack.
const WORKER_ANSWER_MS = 5000;
// Cold start: a cycle lasts 30 interval units (spec §4/§9); the unit is options.coldInterval (1 s).
export const COLD_CYCLE_UNITS = 30;

export interface AppEnv {
  window: Window & typeof globalThis;
  createWorker: () => WorkerLike | null;
}

export class App {
  state: ActivityState = ActivityState.NotActive;
  readonly natives: Natives;
  /** This tab's id; replaced when the tab turns out to be a copy (window.open, duplicate). */
  tabId: string;
  /** Server clock minus ours (start response): added to every timestamp. */
  delay = 0;
  private readonly tabs: TabChannel;
  session: SessionInfo | null = null;
  worker: WorkerLike | null = null;
  userID: string | null = null;
  metadata: Record<string, string> = {};
  tick = 0;
  /** Set while recording offline (one buffer, no session). */
  offline = false;
  readonly fetch: typeof fetch;
  /** Set during a conditional cold start: fed by clicks, custom events, network calls and flags. */
  conditions: ConditionsMatcher | null = null;
  readonly flags: FeatureFlags;

  private buffer: Msg[] = [];
  private tabData = '';
  private teardowns: (() => void)[] = [];
  private tickFns = new Set<(tick: number) => void>();
  private tickTimer: number | null = null;
  private coldBuffers: [Commit[], Commit[]] = [[], []];
  private coldIndex = 0;
  private coldTimer: number | null = null;
  private coldStartedAt = 0;
  private offlineBuffer: Commit[] = [];
  /** This page's key among the saved offline pages. */
  readonly offlinePage = randomId();
  /** Commits made while the start call is in flight (after a cold start the recorders keep running). */
  private startingBuffer: Commit[] = [];
  private startCallbacks = new Set<(app: App) => void>();
  private stopCallbacks = new Set<() => void>();
  private batchListeners = new Set<(batch: Msg[]) => void>();
  /** Recording feeds the plugins only; nothing goes to the worker (option, or the server's start answer). */
  assistOnly = false;
  /** When the running session started (the server's clock when it says so). */
  startedAt: number | null = null;
  private snapshotTakers = new Set<() => void>();
  private workerListeners = new Set<(m: ToMain) => void>();
  private pageNo = 0;
  private startGeneration = 0;
  private renewing = false;
  /** The live session's batches: cut here, uploaded by the worker, kept until it confirms them. */
  private outbox: Outbox | null = null;

  constructor(
    readonly options: ResolvedOptions,
    readonly modules: Module[],
    readonly env: AppEnv,
  ) {
    const w = env.window;
    this.natives = getNatives(w);
    // Our own calls must not pass through the network capture patch installed later.
    this.fetch = w.fetch.bind(w);
    this.flags = new FeatureFlags(this);
    this.tabId = readStorage('session', options.tabIdKey) ?? randomId();
    writeStorage('session', options.tabIdKey, this.tabId);
    this.tabData = JSON.stringify([MessageType.TabData, this.tabId]);
    this.tabs = new TabChannel(w, () => ({
      tabId: this.tabId,
      token: this.state === ActivityState.Active && !this.assistOnly ? (this.session?.token ?? null) : null,
    }));
  }

  /**
   * Our tab id is a copy of a live tab's (sessionStorage is copied by window.open and by duplicating a tab):
   * take a fresh one and a fresh page counter. The copied session token stays (the copy joins the session);
   * the copied unsent batches belong to the other tab, which still has them.
   */
  private becomeNewTab(): void {
    this.tabId = randomId();
    writeStorage('session', this.options.tabIdKey, this.tabId);
    writeStorage('session', StorageKeys.pageNo, null);
    writeStorage('session', StorageKeys.unsent, null);
    this.tabData = JSON.stringify([MessageType.TabData, this.tabId]);
  }

  /** Queue a message for the current commit (dropped when nothing is recording). */
  send(msg: Msg): void {
    if (this.state === ActivityState.NotActive) return;
    this.buffer.push(msg);
  }

  isRecording(): boolean {
    return this.state === ActivityState.Active || this.state === ActivityState.ColdStart;
  }

  onTick(fn: (tick: number) => void): () => void {
    this.tickFns.add(fn);
    return () => this.tickFns.delete(fn);
  }
  onSnapshotRequest(fn: () => void): () => void {
    this.snapshotTakers.add(fn);
    return () => this.snapshotTakers.delete(fn);
  }
  onWorkerMessage(fn: (m: ToMain) => void): () => void {
    this.workerListeners.add(fn);
    return () => this.workerListeners.delete(fn);
  }
  attachStartCallback(fn: (app: App) => void): () => void {
    this.startCallbacks.add(fn);
    return () => this.startCallbacks.delete(fn);
  }
  attachStopCallback(fn: () => void): () => void {
    this.stopCallbacks.add(fn);
    return () => this.stopCallbacks.delete(fn);
  }
  /** Every commit as decoded messages, Timestamp and TabData first, in order (assist streams them live). */
  onBatch(fn: (batch: Msg[]) => void): () => void {
    this.batchListeners.add(fn);
    return () => this.batchListeners.delete(fn);
  }

  timestamp(): number {
    return Date.now() + this.delay;
  }

  /** Everything queued since the last tick leaves as one commit: [Timestamp, TabData, ...messages]. */
  commit(): void {
    if (this.buffer.length === 0) return; // a commit of only Timestamp + TabData is skipped (spec §9)
    // JSON text leaves the main thread: cheaper to post than deep objects (structured clone), and the worker
    // builds batch bodies by concatenation.
    const ts = this.timestamp();
    const messages = this.buffer;
    this.buffer = [];
    if (this.batchListeners.size > 0) {
      const decoded: Msg[] = [[MessageType.Timestamp, ts], [MessageType.TabData, this.tabId], ...messages];
      for (const fn of this.batchListeners) {
        try {
          fn(decoded);
        } catch (e) {
          this.options.onWarning(`Atrium tracker: a batch listener failed: ${String(e)}`);
        }
      }
    }
    if (this.state === ActivityState.Active && this.assistOnly) return; // fed to the plugins only
    const commit = [JSON.stringify([MessageType.Timestamp, ts]), this.tabData];
    for (const m of messages) commit.push(JSON.stringify(m));
    if (this.state === ActivityState.Active && this.worker) this.outbox?.add(commit);
    // (a child frame has no worker: its DOM goes to the parent through rrweb, the rest stays here)
    else if (this.offline) this.buffered(this.offlineBuffer, commit);
    else if (this.state === ActivityState.ColdStart) this.buffered(this.coldBuffers[this.coldIndex]!, commit);
    else if (this.state === ActivityState.Starting) this.buffered(this.startingBuffer, commit);
  }

  /** Bytes held in the cold-start, offline and starting buffers (the memory cap's measure). */
  private bufferedBytes = 0;
  private afterCap = false;

  /** After a buffer was emptied or replaced (rare: a cold cycle, a start, a stop). */
  private recount(): void {
    let n = 0;
    for (const buf of [this.offlineBuffer, this.startingBuffer, ...this.coldBuffers])
      for (const c of buf) for (const m of c) n += m.length;
    this.bufferedBytes = n;
  }

  /**
   * Keeps a commit in a local buffer within options.memoryCap. Past it everything buffered goes (what is left
   * after dropping only the oldest could not be replayed without the full snapshot it started from): the
   * buffer restarts with a note of the gap, and a fresh full snapshot follows in the next commit.
   */
  private buffered(into: Commit[], commit: Commit): void {
    if (this.afterCap) {
      // The commit with the fresh full snapshot is not counted: a page whose snapshot alone is over the cap
      // would otherwise drop and snapshot again on every tick. Memory stays within the cap plus one snapshot.
      this.afterCap = false;
      into.push(commit);
      return;
    }
    let size = 0;
    for (const m of commit) size += m.length;
    this.bufferedBytes += size;
    into.push(commit);
    if (this.bufferedBytes <= this.options.memoryCap) return;
    let dropped = 0;
    for (const buf of [this.offlineBuffer, this.startingBuffer, ...this.coldBuffers])
      for (const c of buf.splice(0)) dropped += c.length - 2;
    this.bufferedBytes = 0;
    const ts = JSON.stringify([MessageType.Timestamp, this.timestamp()]);
    const note = JSON.stringify([
      MessageType.RecorderDegraded,
      'memory-cap',
      `dropped ${dropped} messages: over the ${this.options.memoryCap}-byte buffer cap`,
    ]);
    into.push([ts, this.tabData, note]);
    this.afterCap = true;
    this.requestSnapshot();
  }

  // ---- recording (observers) ----

  private beginRecording(): void {
    if (this.tickTimer !== null) return;
    for (const mod of this.modules) {
      try {
        const td = mod(this);
        if (td) this.teardowns.push(td);
      } catch (e) {
        this.options.onWarning(`Atrium tracker: a capture module failed to start: ${String(e)}`);
      }
    }
    this.tickTimer = this.natives.setInterval(() => {
      this.tick += 1;
      for (const fn of this.tickFns) fn(this.tick);
      this.commit();
    }, TICK_MS);
    const w = this.env.window;
    this.teardowns.push(
      listen(w.document, 'visibilitychange', () => {
        if (w.document.visibilityState === 'hidden') this.flushForUnload(false);
      }),
      listen(w, 'pagehide', () => this.flushForUnload(true)),
    );
  }

  private endRecording(): void {
    if (this.tickTimer !== null) this.natives.clearInterval(this.tickTimer);
    this.tickTimer = null;
    if (this.coldTimer !== null) this.natives.clearInterval(this.coldTimer);
    this.coldTimer = null;
    const tds = this.teardowns.splice(0).reverse();
    for (const td of tds) {
      try {
        td();
      } catch {
        // a teardown that throws must not keep the others alive
      }
    }
    this.tickFns.clear();
    this.snapshotTakers.clear();
  }

  /**
   * Page hidden or leaving. The worker is asked to send everything now (keepalive), but on a reload or
   * navigation the document may be gone before it could gzip and fetch, so this runs synchronously: what
   * the worker has not confirmed goes to session storage (the tab's next page resends it) and, when leaving,
   * out with keepalive requests of our own. Every copy has the same batchId: the server keeps one.
   */
  private flushForUnload(leaving: boolean): void {
    this.commit();
    if (this.offline) this.saveOfflineBuffer(); // an offline recording survives the page by itself
    if (this.state !== ActivityState.Active || !this.worker || !this.outbox) return;
    this.outbox.cut();
    this.worker.postMessage({ type: 'q_end' });
    this.outbox.save();
    if (leaving && this.session)
      this.outbox.sendOnLeave(this.fetch, this.options.ingestPoint, this.session.token);
  }

  forceFlushBatch(): void {
    this.commit();
    this.outbox?.cut();
    this.worker?.postMessage({ type: 'forceFlushBatch' });
  }

  requestSnapshot(): void {
    for (const fn of this.snapshotTakers) fn();
  }

  // ---- cold start and offline ----

  /** Spec §4: record into two alternating buffers; every 30 units the older one is restarted. */
  coldStart(): boolean {
    if (this.state !== ActivityState.NotActive) return false;
    this.state = ActivityState.ColdStart;
    this.coldBuffers = [[], []];
    this.coldIndex = 0;
    this.coldStartedAt = Date.now();
    let units = 0;
    this.beginRecording();
    this.coldTimer = this.natives.setInterval(() => {
      units += 1;
      if (units % COLD_CYCLE_UNITS !== 0 || this.state !== ActivityState.ColdStart) return;
      this.commit();
      this.coldIndex = this.coldIndex === 0 ? 1 : 0;
      this.coldBuffers[this.coldIndex] = [];
      this.recount();
      // Each buffer begins with its own full snapshot so either can be replayed alone.
      this.requestSnapshot();
    }, this.options.coldInterval);
    return true;
  }

  /** The cold history to send on a real start: the older buffer, then the current one (so the larger too). */
  takeColdHistory(): Commit[] {
    this.commit();
    const older = this.coldBuffers[this.coldIndex === 0 ? 1 : 0]!;
    const current = this.coldBuffers[this.coldIndex]!;
    this.coldBuffers = [[], []];
    this.recount();
    if (this.coldTimer !== null) this.natives.clearInterval(this.coldTimer);
    this.coldTimer = null;
    return older.length > 0 && older[0] ? [...older, ...current] : current;
  }

  coldBufferSizes(): [number, number] {
    return [this.coldBuffers[0].length, this.coldBuffers[1].length];
  }

  startOffline(): boolean {
    if (this.state !== ActivityState.NotActive) return false;
    this.offline = true;
    this.offlineBuffer = [];
    this.state = ActivityState.ColdStart;
    this.coldStartedAt = Date.now();
    this.beginRecording();
    return true;
  }

  getOfflineBuffer(): Commit[] {
    this.commit();
    return this.offlineBuffer;
  }

  setOfflineBuffer(commits: Commit[]): boolean {
    if (!this.offline || !Array.isArray(commits)) return false;
    this.commit();
    this.offlineBuffer = commits.filter((c) => Array.isArray(c) && c.every((m) => typeof m === 'string'));
    this.recount();
    return true;
  }

  /** Saves the offline buffer to local storage; false if there is none or the storage refused it. */
  saveOfflineBuffer(): boolean {
    if (!this.offline) return false;
    return saveOfflinePage({
      page: this.offlinePage,
      timestamp: this.coldStartedAt,
      url: this.env.window.location.href,
      userID: this.userID,
      metadata: this.metadata,
      commits: this.getOfflineBuffer(),
    });
  }

  // ---- session start ----

  private startGates = new Set<Promise<unknown>>();

  /** A plugin (assist, consent banner…) may hold start back until a promise settles (spec §4 "allowed"). */
  holdStart(gate: Promise<unknown>): void {
    this.startGates.add(gate);
    void gate.finally(() => this.startGates.delete(gate)).catch(() => undefined);
  }

  private async waitVisible(): Promise<void> {
    const doc = this.env.window.document;
    if (doc.visibilityState !== 'hidden') return;
    await new Promise<void>((resolve) => {
      const off = listen(doc, 'visibilitychange', () => {
        if (doc.visibilityState !== 'hidden') {
          off();
          resolve();
        }
      });
    });
  }

  private ensureWorker(): WorkerLike | null {
    if (this.worker) return this.worker;
    const worker = this.env.createWorker();
    if (!worker) return null;
    worker.onmessage = (ev) => this.onWorker(ev.data);
    this.worker = worker;
    return worker;
  }

  private workerChecked = false;

  /** Whether the worker runs: it answers a ping (a worker the page's CSP blocked never does). */
  private workerAnswers(): Promise<boolean> {
    const worker = this.worker;
    if (!worker) return Promise.resolve(false);
    if (this.workerChecked) return Promise.resolve(true);
    return new Promise((resolve) => {
      let timer = 0;
      const finish = (ok: boolean) => {
        off();
        this.natives.clearTimeout(timer);
        if (worker.onerror !== undefined) worker.onerror = null;
        this.workerChecked = ok;
        resolve(ok);
      };
      const off = this.onWorkerMessage((m) => {
        if (m.type === 'pong') finish(true);
      });
      timer = this.natives.setTimeout(() => finish(false), WORKER_ANSWER_MS);
      if ('onerror' in worker) worker.onerror = () => finish(false);
      worker.postMessage({ type: 'ping' });
    });
  }

  private onWorker(m: ToMain): void {
    if (m.type === 'restart') void this.renewToken();
    if (m.type === 'sent') this.outbox?.ack(m.batchId);
    if (m.type === 'dropped') for (const id of m.batchIds) this.outbox?.ack(id);
    if (m.type === 'snapshot') this.requestSnapshot();
    if (m.type === 'failure') this.options.onWarning(`Atrium tracker: ${m.reason}`);
    for (const fn of this.workerListeners) fn(m);
  }

  buildStartRequest(opts: {
    doNotRecord: boolean;
    bufferDiff: number;
    condition?: string;
    reset?: boolean;
    timestamp?: number;
  }) {
    const w = this.env.window;
    const perf = w.performance as Performance & { memory?: { jsHeapSizeLimit?: number } };
    const nav = w.navigator as Navigator & { deviceMemory?: number };
    return {
      trackerVersion: TRACKER_VERSION,
      projectKey: this.options.projectKey,
      reset: opts.reset,
      timestamp: opts.timestamp ?? Date.now(),
      doNotRecord: opts.doNotRecord,
      bufferDiff: opts.bufferDiff,
      userID: this.userID,
      // The visitor stays the same person across sessions (kept in local storage, sent back on start).
      userUUID: readStorage('local', StorageKeys.userUUID),
      token: opts.reset ? null : readStorage('session', StorageKeys.token),
      deviceMemory: nav.deviceMemory ?? null,
      jsHeapSizeLimit: perf.memory?.jsHeapSizeLimit ?? null,
      timezone: timezoneOffset(),
      condition: opts.condition ?? null,
      assistOnly: this.options.assistOnly,
      width: w.screen?.width ?? w.innerWidth,
      height: w.screen?.height ?? w.innerHeight,
      url: w.location.href,
      referrer: w.document.referrer,
      tabId: this.tabId,
    };
  }

  /** POST /v1/web/start; throws the spec's error strings. */
  async requestStart(body: ReturnType<App['buildStartRequest']>): Promise<SessionInfo> {
    const res = await this.fetch(`${this.options.ingestPoint}${INGEST_PATHS.start}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) {
      const text = await res.text().catch(() => '');
      throw new Error(TrackerErrors.serverError(res.status, text));
    }
    const json: unknown = await res.json().catch(() => null);
    const session = checkStartResponse(json);
    if (!session) throw new Error(TrackerErrors.incorrectResponse);
    return session;
  }

  async start(startOpts: StartOptions = {}, condition?: string): Promise<StartResult> {
    if (this.state === ActivityState.Active || this.state === ActivityState.Starting) {
      console.error(TrackerErrors.alreadyStarted);
      return { success: false, reason: TrackerErrors.alreadyStarted };
    }
    const wasCold = this.state === ActivityState.ColdStart && !this.offline;
    if (this.offline) this.stop(false); // an offline recording is uploaded separately
    this.state = ActivityState.Starting;
    const generation = ++this.startGeneration;
    if (startOpts.userID !== undefined) this.userID = startOpts.userID;
    if (startOpts.metadata) Object.assign(this.metadata, startOpts.metadata);
    try {
      await this.waitVisible();
      await Promise.allSettled([...this.startGates]);
      if (generation !== this.startGeneration)
        return { success: false, reason: TrackerErrors.stoppedDuringStart };
      if (!this.options.assistOnly && !this.ensureWorker()) throw new Error(TrackerErrors.noWorker);
      const [replies, workerRuns] = await Promise.all([
        this.tabs.ask(this.tabId, TAB_QUESTION_MS, this.natives.setTimeout),
        this.options.assistOnly ? true : this.workerAnswers(),
      ]);
      if (!workerRuns) {
        // Never "started" while nothing can ever be uploaded and memory grows: fail with the spec's words.
        this.worker?.terminate();
        this.worker = null;
        this.workerChecked = false;
        throw new Error(TrackerErrors.noWorker);
      }
      if (generation !== this.startGeneration)
        return { success: false, reason: TrackerErrors.stoppedDuringStart };
      if (replies.duplicate) this.becomeNewTab();
      // A new tab of the site joins the session running in another tab (spec 2 §3), under its own tab id.
      if (replies.token && !startOpts.forceNew && !readStorage('session', StorageKeys.token))
        writeStorage('session', StorageKeys.token, replies.token);
      const now = Date.now();
      this.pageNo = Number(readStorage('session', StorageKeys.pageNo) ?? '0') + 1;
      writeStorage('session', StorageKeys.pageNo, String(this.pageNo));
      const history = wasCold ? this.takeColdHistory() : [];
      const firstTs = history[0]?.[0] ? (JSON.parse(history[0][0]) as unknown[])[1] : undefined;
      const body = this.buildStartRequest({
        doNotRecord: false,
        bufferDiff: typeof firstTs === 'number' ? now - firstTs : 0,
        condition,
        reset: startOpts.forceNew,
      });
      const session = await this.requestStart(body);
      if (generation !== this.startGeneration)
        return { success: false, reason: TrackerErrors.stoppedDuringStart };
      this.session = session;
      writeStorage('session', StorageKeys.token, session.token);
      writeStorage('local', StorageKeys.userUUID, session.userUUID);
      this.delay = Number.isFinite(session.delay) ? session.delay : 0;
      this.assistOnly = this.options.assistOnly || session.assistOnly;
      if (this.assistOnly) {
        // Nothing is uploaded: what was recorded before the start has been given to the plugins already.
        this.startingBuffer = [];
        this.recount();
        this.activate(wasCold);
        return this.startResult(session);
      }
      if (!this.worker) throw new Error(TrackerErrors.noWorkerAfterStart);
      this.worker.postMessage({
        type: 'start',
        pageNo: this.pageNo,
        ingestPoint: this.options.ingestPoint,
        timestamp: now,
        url: this.env.window.location.href,
        connAttemptCount: this.options.connAttemptCount,
        connAttemptGap: this.options.connAttemptGap,
        maxQueuedBytes: this.options.memoryCap,
        tabId: this.tabId,
      });
      const live = this.worker;
      this.outbox = new Outbox({
        tabId: this.tabId,
        pageNo: this.pageNo,
        pageKey: randomId().slice(0, 8),
        beaconSizeLimit: session.beaconSizeLimit ?? 1_000_000,
        post: (batch) => live.postMessage({ type: 'batch', batch }),
        setTimeout: this.natives.setTimeout,
        clearTimeout: this.natives.clearTimeout,
      });
      // What an earlier page of the tab could not confirm is sent first, under its own batch ids.
      const unsent = takeStoredUnsent();
      if (unsent.length > 0 && !startOpts.forceNew) {
        live.postMessage({ type: 'resend', batches: unsent });
        this.outbox.adopt(unsent);
      }
      for (const commit of history) this.outbox.add(commit);
      for (const commit of this.startingBuffer.splice(0)) this.outbox.add(commit);
      this.recount();
      this.worker.postMessage({
        type: 'auth',
        token: session.token,
        beaconSizeLimit: session.beaconSizeLimit,
        compressionThreshold: session.compressionThreshold,
      });
      this.activate(wasCold);
      return this.startResult(session);
    } catch (e) {
      // Spec §4: a failed start stops the tracker and resets the session.
      const reason = e instanceof Error ? e.message : typeof e === 'string' ? e : TrackerErrors.unknown;
      if (generation === this.startGeneration) {
        this.stop(false);
        writeStorage('session', StorageKeys.token, null);
      }
      return { success: false, reason };
    }
  }

  private activate(wasCold: boolean): void {
    const session = this.session!;
    this.startedAt = session.startTimestamp ?? Date.now();
    this.state = ActivityState.Active;
    if (!wasCold) this.beginRecording();
    if (this.userID) this.send([MessageType.UserID, this.userID]);
    for (const [k, v] of Object.entries(this.metadata)) this.send([MessageType.Metadata, k, v]);
    for (const cb of this.startCallbacks) {
      try {
        cb(this);
      } catch (e) {
        this.options.onWarning(`Atrium tracker: a start callback failed: ${String(e)}`);
      }
    }
    if (session.features.includes('feature-flags') || this.options.flags.onFlagsLoad) {
      void this.flags.reload(session.token, session.projectID).catch(() => undefined);
    }
  }

  private startResult(session: SessionInfo): StartResult {
    return {
      success: true,
      sessionID: session.sessionID,
      sessionToken: session.token,
      userUUID: session.userUUID,
    };
  }

  /** Offline upload (spec §7): a session of its own for recorded commits; resolves once the worker sent them. */
  async uploadHistory(commits: Commit[], timestamp: number): Promise<StartResult> {
    if (this.state !== ActivityState.NotActive)
      return { success: false, reason: TrackerErrors.alreadyStarted };
    try {
      const worker = this.ensureWorker();
      if (!worker || !(await this.workerAnswers())) throw new Error(TrackerErrors.noWorker);
      const session = await this.requestStart(
        this.buildStartRequest({
          doNotRecord: false,
          bufferDiff: Date.now() - timestamp,
          reset: true,
          timestamp,
        }),
      );
      if (!this.worker) throw new Error(TrackerErrors.noWorkerAfterStart);
      const done = new Promise<void>((resolve) => {
        const off = this.onWorkerMessage((m) => {
          if (m.type === 'stopped') {
            off();
            resolve();
          }
        });
      });
      this.worker.postMessage({
        type: 'start',
        pageNo: 1,
        ingestPoint: this.options.ingestPoint,
        timestamp,
        url: this.env.window.location.href,
        connAttemptCount: this.options.connAttemptCount,
        connAttemptGap: this.options.connAttemptGap,
        maxQueuedBytes: this.options.memoryCap,
        tabId: `${this.tabId}-offline`,
      });
      for (const c of commits) this.worker.postMessage(c);
      this.worker.postMessage({
        type: 'auth',
        token: session.token,
        beaconSizeLimit: session.beaconSizeLimit,
        compressionThreshold: session.compressionThreshold,
      });
      this.worker.postMessage({ type: 'stop' });
      await done;
      return {
        success: true,
        sessionID: session.sessionID,
        sessionToken: session.token,
        userUUID: session.userUUID,
      };
    } catch (e) {
      return { success: false, reason: e instanceof Error ? e.message : TrackerErrors.unknown };
    }
  }

  /**
   * Conditional start (spec §7): a start with doNotRecord true gives the token, project and features; the
   * project's conditions are fetched and the cold-started recording really starts when one of them matches.
   */
  async conditionalStart(startOpts: StartOptions): Promise<StartResult> {
    const generation = this.startGeneration;
    try {
      const s = await this.requestStart(this.buildStartRequest({ doNotRecord: true, bufferDiff: 0 }));
      if (generation !== this.startGeneration || this.state !== ActivityState.ColdStart) {
        return { success: false, reason: TrackerErrors.stoppedDuringStart };
      }
      const res = await this.fetch(
        `${this.options.ingestPoint}${INGEST_PATHS.conditions}/${encodeURIComponent(s.projectID)}`,
        {
          headers: { Authorization: `Bearer ${s.token}` },
        },
      );
      const json = res.ok ? ((await res.json()) as { conditions?: Condition[] }) : {};
      const conditions = Array.isArray(json.conditions) ? json.conditions : [];
      this.conditions = new ConditionsMatcher(conditions, (name) => {
        this.conditions = null;
        void this.start(startOpts, name);
      });
      const cold = this.coldStartedAt;
      this.teardowns.push(
        this.onTick((tick) => {
          if (tick % 33 === 0) this.conditions?.feed({ type: 'duration', ms: Date.now() - cold });
        }),
      );
      if (s.features.includes('feature-flags'))
        void this.flags.reload(s.token, s.projectID).catch(() => undefined);
      return { success: true, sessionID: s.sessionID, sessionToken: s.token, userUUID: s.userUUID };
    } catch (e) {
      return { success: false, reason: e instanceof Error ? e.message : TrackerErrors.unknown };
    }
  }

  /**
   * A cross-origin child frame with `crossdomain.enabled`: no session of its own; rrweb passes the frame's DOM
   * recording to the parent frame's tracker (which records with crossdomain enabled too).
   */
  startChildFrame(dom: Module): StartResult {
    if (this.state !== ActivityState.NotActive)
      return { success: false, reason: TrackerErrors.alreadyStarted };
    this.state = ActivityState.Active;
    const td = dom(this);
    if (td) this.teardowns.push(td);
    return { success: true, sessionID: '', sessionToken: '', userUUID: '' };
  }

  /** Worker got 401: start again with the old token (the server continues the session). */
  private async renewToken(): Promise<void> {
    if (this.renewing || this.state !== ActivityState.Active) return;
    this.renewing = true;
    try {
      const session = await this.requestStart(this.buildStartRequest({ doNotRecord: false, bufferDiff: 0 }));
      if (this.state !== ActivityState.Active) return;
      this.session = session;
      writeStorage('session', StorageKeys.token, session.token);
      this.worker?.postMessage({
        type: 'auth',
        token: session.token,
        beaconSizeLimit: session.beaconSizeLimit,
        compressionThreshold: session.compressionThreshold,
      });
    } catch (e) {
      this.options.onWarning(`Atrium tracker: session renewal failed: ${String(e)}`);
      this.stop();
    } finally {
      this.renewing = false;
    }
  }

  /** Spec §4: nothing if NotActive; otherwise tear down observers, timers and callbacks; NotActive. */
  stop(stopWorker = true): void {
    if (this.state === ActivityState.NotActive) return;
    this.startGeneration += 1;
    this.commit();
    this.endRecording();
    for (const cb of this.stopCallbacks) {
      try {
        cb();
      } catch (e) {
        this.options.onWarning(`Atrium tracker: a stop callback failed: ${String(e)}`);
      }
    }
    this.outbox?.cut();
    this.outbox?.clear();
    this.outbox = null;
    if (stopWorker && this.worker) this.worker.postMessage({ type: 'stop' });
    this.buffer = [];
    this.startingBuffer = [];
    this.coldBuffers = [[], []];
    this.bufferedBytes = 0;
    this.offline = false;
    this.conditions = null;
    this.session = null;
    this.assistOnly = false;
    this.startedAt = null;
    this.state = ActivityState.NotActive;
  }

  /** Frees the worker too (after its last batches are sent). */
  destroy(): void {
    this.stop();
    this.tabs.close();
    const worker = this.worker;
    this.worker = null;
    if (worker) {
      const prev = worker.onmessage;
      worker.onmessage = (ev) => {
        prev?.call(worker, ev);
        if (ev.data.type === 'stopped') worker.terminate();
      };
    }
  }
}

export function randomId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/** "+08:00"-style offset of the browser's clock. */
function timezoneOffset(): string {
  const m = -new Date().getTimezoneOffset();
  const sign = m >= 0 ? '+' : '-';
  const abs = Math.abs(m);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
