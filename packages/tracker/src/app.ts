import { MessageType, TRACKER_TICK_MS } from '@atrium/protocol/tracker/messages';
import {
  ActivityState,
  COLD_CYCLE_UNITS,
  type Commit,
  type Msg,
  randomId,
  type StartResult,
} from './app-state.ts';
import { CommitBuffers } from './commit-buffers.ts';
import { TrackerErrors } from './errors.ts';
import { listen } from './lib/listen.ts';
import { getNatives, type Natives } from './lib/natives.ts';
import { readStorage, StorageKeys, writeStorage } from './lib/storage.ts';
import { TabChannel } from './lib/tab-channel.ts';
import type { ConditionsMatcher } from './modules/conditions.ts';
import { FeatureFlags } from './modules/flags.ts';
import { saveOfflineBuffer } from './offline-recording.ts';
import type { ResolvedOptions } from './options.ts';
import { renewToken } from './start-protocol.ts';
import type { SessionInfo } from './start-response.ts';
import type { WorkerLike } from './worker/create-worker.ts';
import type { Outbox } from './worker/outbox.ts';
import type { ToMain } from './worker/worker-messages.ts';
import { WorkerLink } from './worker-link.ts';

/** A capture module: installed when recording begins, its teardown runs on stop(). */
export type Module = (app: App) => (() => void) | undefined;

export interface AppEnv {
  window: Window & typeof globalThis;
  createWorker: () => WorkerLike | null;
}

/**
 * One tracker's state and its lifecycle: recording begins and ends here, and every tick's commit is routed to
 * the live session, a buffer or nowhere. The other concerns live beside it, on this state: the buffers
 * (commit-buffers.ts), the start protocol (start-protocol.ts), the upload worker (worker-link.ts) and offline
 * recording (offline-recording.ts). App is internal to the package, so its fields are open to those files.
 */
export {
  ActivityState,
  COLD_CYCLE_UNITS,
  type Commit,
  type Msg,
  randomId,
  type StartOptions,
  type StartResult,
} from './app-state.ts';

export class App {
  state: ActivityState = ActivityState.NotActive;
  readonly natives: Natives;
  /** This tab's id; replaced when the tab turns out to be a copy (window.open, duplicate). */
  tabId: string;
  /** [TabData, tabId] as JSON: the second message of every commit. */
  tabData = '';
  /** Server clock minus ours (start response): added to every timestamp. */
  delay = 0;
  readonly tabs: TabChannel;
  session: SessionInfo | null = null;
  readonly link = new WorkerLink(this);
  readonly buffers = new CommitBuffers(this);
  userID: string | null = null;
  metadata: Record<string, string> = {};
  tick = 0;
  /** Set while recording offline (one buffer, no session). */
  offline = false;
  readonly fetch: typeof fetch;
  /** Set during a conditional cold start: fed by clicks, custom events, network calls and flags. */
  conditions: ConditionsMatcher | null = null;
  readonly flags: FeatureFlags;
  /** Recording feeds the plugins only; nothing goes to the worker (option, or the server's start answer). */
  assistOnly = false;
  /** When the running session started (the server's clock when it says so). */
  startedAt: number | null = null;
  /** When the cold start or offline recording began. */
  coldStartedAt = 0;
  /** This page's key among the saved offline pages. */
  readonly offlinePage = randomId();
  /** The live session's batches: cut here, uploaded by the worker, kept until it confirms them. */
  outbox: Outbox | null = null;
  /** Bumped by every start and stop: a start that finds it changed was overtaken. */
  startGeneration = 0;
  /** Promises a start waits for (holdStart). */
  readonly startGates = new Set<Promise<unknown>>();
  /** A token renewal is in flight. */
  renewing = false;
  readonly teardowns: (() => void)[] = [];

  private buffer: Msg[] = [];
  private tickFns = new Set<(tick: number) => void>();
  private tickTimer: number | null = null;
  private coldTimer: number | null = null;
  private startCallbacks = new Set<(app: App) => void>();
  private stopCallbacks = new Set<() => void>();
  private batchListeners = new Set<(batch: Msg[]) => void>();
  private snapshotTakers = new Set<() => void>();

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
    this.link.onMessage((m) => this.onWorker(m));
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
  becomeNewTab(): void {
    this.tabId = randomId();
    writeStorage('session', this.options.tabIdKey, this.tabId);
    writeStorage('session', StorageKeys.pageNo, null);
    writeStorage('session', StorageKeys.unsent, null);
    this.tabData = JSON.stringify([MessageType.TabData, this.tabId]);
  }

  /**
   * Runs code we do not own (a capture module, a plugin's callback, a teardown): its throw stops nothing else
   * and reaches the host page only as a warning (`what` failed), or not at all without `what`.
   */
  guard(fn: () => void, what?: string): void {
    try {
      fn();
    } catch (e) {
      if (what) this.options.onWarning(`Atrium tracker: ${what}: ${String(e)}`);
    }
  }

  /** Queue a message for the current commit (dropped when nothing is recording). */
  send(msg: Msg): void {
    if (this.state === ActivityState.NotActive) return;
    this.buffer.push(msg);
  }

  onTick(fn: (tick: number) => void): () => void {
    this.tickFns.add(fn);
    return () => this.tickFns.delete(fn);
  }
  onSnapshotRequest(fn: () => void): () => void {
    this.snapshotTakers.add(fn);
    return () => this.snapshotTakers.delete(fn);
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

  /** A plugin (assist, consent banner…) may hold start back until a promise settles (spec §4 "allowed"). */
  holdStart(gate: Promise<unknown>): void {
    this.startGates.add(gate);
    void gate.finally(() => this.startGates.delete(gate)).catch(() => undefined);
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
      for (const fn of this.batchListeners) this.guard(() => fn(decoded), 'a batch listener failed');
    }
    if (this.state === ActivityState.Active && this.assistOnly) return; // fed to the plugins only
    const commit = [JSON.stringify([MessageType.Timestamp, ts]), this.tabData];
    for (const m of messages) commit.push(JSON.stringify(m));
    const b = this.buffers;
    if (this.state === ActivityState.Active && this.link.worker) this.outbox?.add(commit);
    // (a child frame has no worker: its DOM goes to the parent through rrweb, the rest stays here)
    else if (this.offline) b.keep(b.offline, commit);
    else if (this.state === ActivityState.ColdStart) b.keep(b.cold[b.coldIndex]!, commit);
    else if (this.state === ActivityState.Starting) b.keep(b.starting, commit);
  }

  // ---- recording (observers) ----

  beginRecording(): void {
    if (this.tickTimer !== null) return;
    for (const mod of this.modules)
      this.guard(() => {
        const td = mod(this);
        if (td) this.teardowns.push(td);
      }, 'a capture module failed to start');
    this.tickTimer = this.natives.setInterval(() => {
      this.tick += 1;
      for (const fn of this.tickFns) fn(this.tick);
      this.commit();
    }, TRACKER_TICK_MS);
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
    // A teardown that throws must not keep the others alive.
    for (const td of this.teardowns.splice(0).reverse()) this.guard(td);
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
    // Leaving always sends a batch, even with everything confirmed: its `?end` tells the server the tab is gone.
    if (leaving) this.send([MessageType.PageVisibility, true]);
    this.commit();
    if (this.offline) saveOfflineBuffer(this); // an offline recording survives the page by itself
    if (this.state !== ActivityState.Active || !this.link.worker || !this.outbox) return;
    this.outbox.cut();
    this.link.post({ type: 'q_end' });
    this.outbox.save();
    if (leaving && this.session)
      this.outbox.sendOnLeave(this.fetch, this.options.ingestPoint, this.session.token);
  }

  forceFlushBatch(): void {
    this.commit();
    this.outbox?.cut();
    this.link.post({ type: 'forceFlushBatch' });
  }

  requestSnapshot(): void {
    for (const fn of this.snapshotTakers) fn();
  }

  private onWorker(m: ToMain): void {
    if (m.type === 'restart') void renewToken(this);
    if (m.type === 'sent') this.outbox?.ack(m.batchId);
    if (m.type === 'dropped') for (const id of m.batchIds) this.outbox?.ack(id);
    if (m.type === 'snapshot') this.requestSnapshot();
    if (m.type === 'failure') this.options.onWarning(`Atrium tracker: ${m.reason}`);
  }

  // ---- cold start ----

  /** Spec §4: record into two alternating buffers; every 30 units the older one is restarted. */
  coldStart(): boolean {
    if (this.state !== ActivityState.NotActive) return false;
    this.state = ActivityState.ColdStart;
    const b = this.buffers;
    b.cold = [[], []];
    b.coldIndex = 0;
    this.coldStartedAt = Date.now();
    let units = 0;
    this.beginRecording();
    this.coldTimer = this.natives.setInterval(() => {
      units += 1;
      if (units % COLD_CYCLE_UNITS !== 0 || this.state !== ActivityState.ColdStart) return;
      this.commit();
      b.turnCold();
      // Each buffer begins with its own full snapshot so either can be replayed alone.
      this.requestSnapshot();
    }, this.options.coldInterval);
    return true;
  }

  /** The cold history to send on a real start; the cold cycle ends. */
  takeColdHistory(): Commit[] {
    this.commit();
    const history = this.buffers.takeCold();
    if (this.coldTimer !== null) this.natives.clearInterval(this.coldTimer);
    this.coldTimer = null;
    return history;
  }

  coldBufferSizes(): [number, number] {
    const cold = this.buffers.cold;
    return [cold[0].length, cold[1].length];
  }

  // ---- session lifecycle ----

  /** The start succeeded: recording (if not already running cold), the user's data, the plugins, the flags. */
  activate(wasCold: boolean): void {
    const session = this.session!;
    this.startedAt = session.startTimestamp ?? Date.now();
    this.state = ActivityState.Active;
    if (!wasCold) this.beginRecording();
    if (this.userID) this.send([MessageType.UserID, this.userID]);
    for (const [k, v] of Object.entries(this.metadata)) this.send([MessageType.Metadata, k, v]);
    for (const cb of this.startCallbacks) this.guard(() => cb(this), 'a start callback failed');
    if (session.features.includes('feature-flags') || this.options.flags.onFlagsLoad) {
      void this.flags.reload(session.token, session.projectID).catch(() => undefined);
    }
    // The new full snapshot leaves now, not at the next tick: an agent who just joined waits for it.
    this.commit();
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

  /** Spec §4: nothing if NotActive; otherwise tear down observers, timers and callbacks; NotActive. */
  stop(stopWorker = true): void {
    if (this.state === ActivityState.NotActive) return;
    this.startGeneration += 1;
    this.commit();
    this.endRecording();
    for (const cb of this.stopCallbacks) this.guard(cb, 'a stop callback failed');
    this.outbox?.cut();
    this.outbox?.clear();
    this.outbox = null;
    if (stopWorker) this.link.post({ type: 'stop' });
    this.buffer = [];
    this.buffers.clear();
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
    this.link.release();
  }
}
