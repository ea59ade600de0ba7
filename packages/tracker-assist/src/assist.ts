import {
  type AgentEventName,
  ASSIST_RECONNECTION,
  ASSIST_SOCKET_PATH,
  type AssistConfig,
  RECORDING_BORDER,
  ServerEvent,
  visitorPeerId,
} from '@atrium/protocol/assist';
import { LEARNER_METADATA_KEY } from '@atrium/protocol/tracker/learner-metadata-key';
import type { Tracker } from '@atrium/tracker';
import type { io as ioFn, Socket } from 'socket.io-client';
import { AGENT_EVENTS, parseAssistConfig, validAgentData } from './agent-data.ts';
import { AgentPointer } from './agent-pointer.ts';
import { Annotation } from './annotation.ts';
import { AssistNotice } from './assist-notice.ts';
import { gzipJson, splitBatch } from './batch-stream.ts';
import { Calls, type CallsDeps } from './calls.ts';
import { CanvasStreams } from './canvas-streams.ts';
import { openConfirm } from './confirm-window.ts';
import { type AgentInfo, type AssistOptions, enderOf } from './options.ts';
import { Recording } from './recording.ts';
import { RCStatus, RemoteControl } from './remote-control.ts';

/** The tracker calls the plugin relies on (a subset of Tracker, so tests may hand a fake). */
export type TrackerLike = Pick<
  Tracker,
  'onStart' | 'onStop' | 'onBatch' | 'getSessionInfo' | 'getSessionToken' | 'stop' | 'start' | 'getState'
> & {
  version?: string;
  /** The node the recorder numbered `id` (rrweb's record mirror), or null: applies the agent's `focus(nodeId)`. */
  getNode?(id: number): Node | null;
};

export interface AssistEnv {
  window: Window;
  io: typeof ioFn;
  loadPeer?: CallsDeps['loadPeer'];
}

export const MIN_TRACKER_VERSION = '14.0.10';
/** How long after an agent arrives the tracker restarts (spec 2 §4 Agents: about 100 ms). */
export const RESTART_DELAY_MS = 100;
/** Session storage: the learner paused sharing in this tab; a reload keeps it paused (ADR 0073). */
export const SHARING_PAUSED_KEY = '__atrium_assist_paused';

export function versionBelow(v: string | undefined, min: string): boolean {
  if (!v) return true;
  const a = v.split('.').map(Number);
  const b = min.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (Number.isNaN(x)) return true;
    if (x !== y) return x < y;
  }
  return false;
}

interface Agent {
  info: AgentInfo;
  onDisconnect: (() => void) | null;
}

type Envelope = { meta?: { tabId?: string }; data?: unknown };

/**
 * The visitor's side of live assist (spec 2): one socket per tab to the relay once the tracker has a
 * session; while agents watch, the tracker's batches are streamed to them and calls, remote control,
 * annotations and tab recording are offered, each only with the learner's consent. Before an agent comes
 * it holds the socket and nothing else: no batch copies, no PeerJS.
 */
export class Assist {
  socket: Socket | null = null;
  readonly agents = new Map<string, Agent>();
  readonly control: RemoteControl;
  readonly recording: Recording;
  private calls: Calls | null = null;
  private readonly canvas: CanvasStreams;
  private config: AssistConfig | null = null;
  private sessionId: string | null = null;
  private tabId: string | null = null;
  private offBatch: (() => void) | null = null;
  private sendChain: Promise<void> = Promise.resolve();
  private restartTimer: ReturnType<typeof setTimeout> | null = null;
  private restarting = false;
  private pointer: AgentPointer | null = null;
  private annotation: Annotation | null = null;
  private border: HTMLDivElement | null = null;
  private controlEnd: (() => void) | null = null;
  private offOnline: (() => void) | null = null;
  private readonly notice: AssistNotice;
  /** The learner paused sharing: no batch reaches the agents until they resume; the recording goes on. */
  paused = false;
  private readonly unsubscribe: (() => void)[] = [];
  private readonly win: Window;

  constructor(
    private readonly tracker: TrackerLike,
    private readonly options: AssistOptions,
    private readonly env: AssistEnv,
  ) {
    this.win = env.window;
    if (versionBelow(tracker.version, MIN_TRACKER_VERSION))
      this.warn(
        `tracker version ${tracker.version ?? '(missing)'} is below ${MIN_TRACKER_VERSION}; assist may not work`,
      );
    const doc = this.win.document;
    this.canvas = new CanvasStreams({
      doc,
      win: this.win,
      peer: () => this.calls?.peer ?? null,
      agentPeerIds: () =>
        [...this.agents.values()].flatMap((a) => (typeof a.info.peerId === 'string' ? [a.info.peerId] : [])),
    });
    const storage = this.safeSessionStorage();
    this.paused = readFlag(storage, SHARING_PAUSED_KEY);
    this.notice = new AssistNotice(this.win, options.noticeTexts, {
      endControl: () => this.control.release(false),
      pause: () => this.pauseSharing(),
      resume: () => this.resumeSharing(),
    });
    this.control = new RemoteControl({
      storage,
      key: options.session_control_peer_key,
      confirm: () =>
        openConfirm(
          doc,
          this.options.controlConfirm as Required<NonNullable<AssistOptions['controlConfirm']>>,
        ),
      granted: (id, name) => this.controlGranted(id, name),
      released: (id, denied) => this.controlReleased(id, denied),
      busy: (id) => this.emit('control_busy', id),
    });
    this.recording = new Recording({
      confirm: () =>
        openConfirm(
          doc,
          this.options.recordingConfirm as Required<NonNullable<AssistOptions['recordingConfirm']>>,
        ),
      accepted: (id) => {
        this.emit('recording_accepted', id);
        const a = this.agents.get(id);
        this.options.onRecordingRequest?.(a?.info ?? {});
      },
      rejected: (id) => {
        this.emit('recording_rejected', id);
        this.options.onRecordingDeny?.(this.agents.get(id)?.info ?? {});
      },
      busy: (id) => this.emit('recording_busy', id),
      stopped: () => undefined,
      border: (on) => this.showBorder(on),
    });
    this.unsubscribe.push(
      tracker.onStart(() => this.onTrackerStart()),
      tracker.onStop(() => {
        // A stop we did not cause (sign-out) ends live assist; ours is followed by a start in 100 ms.
        if (!this.restarting) this.disconnect();
      }),
    );
    const onVisibility = () => this.onVisibility();
    doc.addEventListener('visibilitychange', onVisibility);
    this.unsubscribe.push(() => doc.removeEventListener('visibilitychange', onVisibility));
    // An SPA navigation changes the address and (the page sets it) the title, not the visibility: the
    // agents and the live list hear each new page, told apart by address and title.
    let shown = '';
    const onPage = () => {
      const url = this.win.location.href;
      if (`${url}\n${doc.title}` === shown) return;
      shown = `${url}\n${doc.title}`;
      this.emit('UPDATE_SESSION', { pageTitle: doc.title, url });
    };
    const titles = new MutationObserver(onPage);
    if (doc.head) titles.observe(doc.head, { subtree: true, childList: true, characterData: true });
    this.win.addEventListener('popstate', onPage);
    this.unsubscribe.push(() => {
      titles.disconnect();
      this.win.removeEventListener('popstate', onPage);
    });
  }

  private warn(m: string, detail?: unknown) {
    this.options.onWarning(`[Atrium] assist: ${m}`, detail);
  }

  private safeSessionStorage(): Storage | null {
    try {
      return this.win.sessionStorage;
    } catch {
      return null;
    }
  }

  /** The socket's origin and path: socketHost, else serverURL, else the tracker's ingest origin. */
  socketTarget(): { url: URL; path: string } {
    const info = this.tracker.getSessionInfo();
    const base = new URL(
      this.options.serverURL ?? info.ingestPoint ?? this.win.location.origin,
      this.win.location.href,
    );
    const prefix = this.options.serverURL ? base.pathname.replace(/\/+$/, '') : '';
    const url = this.options.socketHost ? new URL(this.options.socketHost, base) : new URL(base.origin);
    return { url, path: `${prefix}${ASSIST_SOCKET_PATH}` };
  }

  private onTrackerStart(): void {
    this.restarting = false;
    const info = this.tracker.getSessionInfo();
    const token = this.tracker.getSessionToken();
    if (!info.sessionID || !info.tabId || !info.projectKey || !token) return;
    if (this.socket && this.sessionId === info.sessionID) {
      // Restarted for an agent (or by the page): the socket stays, control resumes if it was on.
      this.control.resume((id) =>
        this.agents.has(id) ? (this.agents.get(id)?.info.name ?? null) : undefined,
      );
      return;
    }
    this.disconnect();
    this.connect(info.projectKey, info.sessionID, info.tabId, token);
  }

  private connect(projectKey: string, sessionId: string, tabId: string, token: string): void {
    this.sessionId = sessionId;
    this.tabId = tabId;
    const { url, path } = this.socketTarget();
    const doc = this.win.document;
    const { userID, metadata, ...info } = this.tracker.getSessionInfo();
    // The handshake URL reaches proxies' access logs: the learner's id and signed assertion stay out of it
    // (issue 31, ADR 0077); the id travels in `auth` with the token.
    const { [LEARNER_METADATA_KEY]: _assertion, ...shownMetadata } = metadata ?? {};
    const sessionInfo = {
      ...info,
      metadata: shownMetadata,
      sessionToken: undefined,
      ingestPoint: undefined,
      uxtId: null,
      pageTitle: doc.title,
      active: doc.visibilityState !== 'hidden',
      assistOnly: false,
      url: this.win.location.href,
    };
    const socket = this.env.io(url.origin, {
      path,
      transports: ['websocket'],
      withCredentials: true,
      auth: { token, userID: userID ?? null },
      query: {
        peerId: visitorPeerId(projectKey, sessionId, tabId),
        identity: 'session',
        tabId,
        sessionInfo: JSON.stringify(sessionInfo),
      },
      ...ASSIST_RECONNECTION,
    });
    this.socket = socket;
    this.calls = new Calls({
      win: this.win,
      options: this.options,
      server: url,
      peerId: visitorPeerId(projectKey, sessionId, tabId),
      agent: (id) => this.agents.get(id)?.info,
      agentByPeer: (peerId) => {
        for (const [agentId, a] of this.agents)
          if (a.info.peerId === peerId) return { agentId, info: a.info };
        return undefined;
      },
      emit: (e, d) => this.emit(e, d),
      endControl: () => this.control.release(false),
      controlling: () => this.control.status === RCStatus.Enabled,
      loadPeer: this.env.loadPeer,
    });
    socket.on(ServerEvent.ASSIST_CONFIG, (c: unknown) => {
      const parsed = parseAssistConfig(c);
      if (!parsed) return;
      this.config = parsed;
      if (this.agents.size > 0) void this.calls?.open(parsed);
    });
    socket.on(ServerEvent.NEW_AGENT, (id: string, info: AgentInfo) => {
      this.addAgent(id, info ?? {});
      this.scheduleRestart();
    });
    socket.on(ServerEvent.AGENTS_CONNECTED, (ids: string[]) => {
      if (!Array.isArray(ids)) return;
      for (const id of ids) if (typeof id === 'string') this.addAgent(id, {});
      this.scheduleRestart();
    });
    socket.on(ServerEvent.AGENTS_INFO_CONNECTED, (list: (AgentInfo & { agentId: string })[]) => {
      if (!Array.isArray(list)) return;
      for (const a of list) {
        if (typeof a?.agentId !== 'string') continue;
        const known = this.agents.get(a.agentId);
        if (known) known.info = { ...known.info, ...a };
      }
      this.refreshNotice();
    });
    socket.on(ServerEvent.AGENT_DISCONNECTED, (id: string) => this.removeAgent(id));
    socket.on(ServerEvent.NO_AGENT, () => {
      for (const id of [...this.agents.keys()]) this.removeAgent(id);
    });
    socket.on(ServerEvent.SESSION_ALREADY_CONNECTED, () => this.disconnect());
    socket.on('disconnect', () => {
      // Agents are gone from our point of view; the relay announces them again on reconnect.
      for (const id of [...this.agents.keys()]) this.removeAgent(id, true);
    });
    for (const name of AGENT_EVENTS) {
      socket.on(name, (agentId: string, env: Envelope) => this.fromAgent(name, agentId, env));
    }
    // engine.io drops the connection when the browser goes offline; socket.io's backoff then waits up to
    // 25 s (ASSIST_RECONNECTION) between attempts, so the agents' mirror stood still that long after the
    // network came back. The browser says when it is back: try at once (also after socket.io gave up).
    const online = () => {
      if (socket.connected) return;
      socket.disconnect();
      socket.connect();
    };
    this.win.addEventListener('online', online);
    this.offOnline = () => this.win.removeEventListener('online', online);
  }

  private addAgent(id: string, info: AgentInfo): void {
    if (this.agents.has(id)) {
      const a = this.agents.get(id) as Agent;
      a.info = { ...a.info, ...info };
      return;
    }
    const ender = this.options.onAgentConnect?.(info);
    this.agents.set(id, { info, onDisconnect: enderOf(ender) });
    if (!this.offBatch) this.offBatch = this.tracker.onBatch((batch) => this.stream(batch));
    if (this.config) void this.calls?.open(this.config);
    // A newcomer (or this tab after a reconnect) learns at once that the mirror is not live.
    if (this.paused) this.emit('sharing_paused', null);
    else this.canvas.start();
    this.refreshNotice();
  }

  /** `cut`: our socket dropped, the agent may still be there (its call may be dialled again). */
  private removeAgent(id: string, cut = false): void {
    const a = this.agents.get(id);
    if (!a) return;
    this.agents.delete(id);
    this.control.releaseFor(id, cut);
    this.recording.stop(id);
    this.calls?.end(id, false, cut);
    a.onDisconnect?.();
    if (this.agents.size === 0) {
      this.offBatch?.();
      this.offBatch = null;
      this.recording.stop(null);
      this.calls?.close(cut);
      this.canvas.stop();
      this.annotation?.remove();
      this.annotation = null;
    }
    this.refreshNotice();
  }

  /** The learner's bar: every agent watching, the one in control, the pause state. */
  private refreshNotice(): void {
    const name = (id: string) => this.agents.get(id)?.info.name?.trim() || this.options.noticeTexts.agent;
    const controlling = this.control.status === RCStatus.Enabled ? this.control.agentId : null;
    this.notice.show({
      watching: [...this.agents.keys()].map(name),
      controller: controlling ? name(controlling) : null,
      paused: this.paused,
    });
  }

  /**
   * Agents stop getting the page (batches and canvases) until the learner resumes; control ends with it,
   * since nobody should steer a page they cannot see. The tracker keeps recording the session.
   */
  pauseSharing(): void {
    if (this.paused) return;
    this.paused = true;
    writeFlag(this.safeSessionStorage(), SHARING_PAUSED_KEY, true);
    if (this.control.status !== RCStatus.Disabled) this.control.release(false);
    this.canvas.stop();
    this.emit('sharing_paused', null);
    this.refreshNotice();
  }

  /** Sharing again: the agents get a fresh full snapshot (the restart they get when they arrive). */
  resumeSharing(): void {
    if (!this.paused) return;
    this.paused = false;
    writeFlag(this.safeSessionStorage(), SHARING_PAUSED_KEY, false);
    this.emit('sharing_resumed', null);
    if (this.agents.size > 0) {
      this.canvas.start();
      this.scheduleRestart();
    }
    this.refreshNotice();
  }

  /** A new agent needs a full snapshot: stop, start again after ~100 ms (one restart for a burst). */
  private scheduleRestart(): void {
    if (this.restartTimer) return;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.tracker.getState() !== 'Active') return;
      this.restarting = true;
      this.tracker.stop();
      void this.tracker.start().then((r) => {
        this.restarting = false;
        if (!r.success) this.warn(`restart for the agent failed: ${r.reason}`);
      });
    }, RESTART_DELAY_MS);
  }

  private stream(batch: unknown[]): void {
    if (!this.socket?.connected || this.agents.size === 0 || this.paused) return;
    const compress =
      this.options.compressionEnabled &&
      batch.length >= this.options.compressionMinBatchSize &&
      typeof CompressionStream !== 'undefined';
    for (const part of splitBatch(batch)) {
      if (!compress) {
        this.emit('messages', part);
        continue;
      }
      // gzip is asynchronous: a chain keeps the frames in commit order.
      this.sendChain = this.sendChain
        .then(() => gzipJson(part))
        .then((gz) => this.emit('messages_gz', gz))
        .catch(() => this.emit('messages', part));
    }
  }

  emit(event: string, data: unknown): void {
    if (!this.tabId) return;
    this.socket?.emit(event, { meta: { tabId: this.tabId }, data });
  }

  private fromAgent(name: AgentEventName, agentId: string, env: Envelope): void {
    // Spec 2 §5: only messages for this tab.
    if (!env || env.meta?.tabId !== this.tabId || typeof agentId !== 'string') return;
    if (!validAgentData(name, env.data)) return;
    const data = env.data as never;
    const agent = this.agents.get(agentId);
    switch (name) {
      case 'request_control':
        // Paused: the agent cannot see the page, so there is nothing to ask the learner.
        if (this.paused) {
          this.emit('control_rejected', agentId);
          return;
        }
        this.control.request(agentId, (data as string | null) ?? agent?.info.name ?? null);
        return;
      case 'release_control':
        this.control.releaseFor(agentId);
        return;
      case 'scroll':
      case 'click':
      case 'move':
      case 'focus':
      case 'input':
        this.controlEvent(name, agentId, data);
        return;
      case 'startAnnotation':
      case 'moveAnnotation':
      case 'stopAnnotation':
        this.annotate(name, agentId, data);
        return;
      case '_agent_name':
        if (agent) agent.info = { ...agent.info, name: data };
        return;
      case 'call_end':
        this.calls?.agentEnded(agentId);
        return;
      case 'videofeed':
        this.calls?.agentVideo(agentId, (data as { enabled: boolean }).enabled);
        return;
      case 'request_recording': {
        let requester: string | null = agent?.info.name ?? null;
        try {
          requester = (JSON.parse(data) as { name?: string }).name ?? requester;
        } catch {
          // a name is optional
        }
        this.recording.request(agentId, requester);
        return;
      }
      case 'stop_recording':
        this.recording.stop(agentId);
        return;
    }
  }

  private controlEvent(name: 'scroll' | 'click' | 'move' | 'focus' | 'input', agentId: string, data: never) {
    // Spec 2 §5, §6: pointer and keyboard only from the granted agent.
    if (!this.control.isGranted(agentId) || !this.pointer) return;
    if (name === 'move') this.pointer.move(data);
    else if (name === 'click') this.pointer.click(data);
    else if (name === 'scroll') this.pointer.scroll(data);
    else if (name === 'input') this.pointer.input(data);
    else this.focusNode(data);
  }

  /**
   * `focus` names a recorder node id; a tracker without `getNode` (an older one) leaves focusing to the
   * agent's click, which works the same for the learner.
   */
  private focusNode(id: number): void {
    const node = this.tracker.getNode?.(id);
    if (!node?.isConnected || node.nodeType !== 1) return;
    const el = node as HTMLElement;
    if (el.closest('[data-assist]')) return; // never the plugin's own windows
    if (typeof el.focus === 'function') el.focus();
  }

  private annotate(
    name: 'startAnnotation' | 'moveAnnotation' | 'stopAnnotation',
    agentId: string,
    data: never,
  ) {
    if (!this.agents.has(agentId)) return;
    this.annotation ??= new Annotation(this.win);
    if (name === 'startAnnotation') this.annotation.start(data);
    else if (name === 'moveAnnotation') this.annotation.move(data);
    else this.annotation.stop();
  }

  private controlGranted(agentId: string, name: string | null): void {
    this.emit('control_granted', agentId);
    this.pointer?.remove();
    this.pointer = new AgentPointer(this.win, name);
    this.calls?.showControl(true);
    this.refreshNotice();
    const ender = this.options.onRemoteControlStart?.(
      this.agents.get(agentId)?.info ?? { name: name ?? undefined },
    );
    this.controlEnd = enderOf(ender);
  }

  private controlReleased(agentId: string, denied: boolean): void {
    this.emit('control_rejected', agentId);
    this.pointer?.remove();
    this.pointer = null;
    this.calls?.showControl(false);
    this.refreshNotice();
    const end = this.controlEnd;
    this.controlEnd = null;
    end?.();
    if (denied) this.options.onRemoteControlDeny?.(this.agents.get(agentId)?.info ?? {});
  }

  private showBorder(on: boolean): void {
    this.border?.remove();
    this.border = null;
    if (!on) return;
    const b = this.win.document.createElement('div');
    b.dataset.assist = 'recording-border';
    b.style.cssText = `position:fixed;inset:0;border:${RECORDING_BORDER};pointer-events:none;z-index:2147483645`;
    this.win.document.body.append(b);
    this.border = b;
  }

  /** Spec 2 §4: hiding the tab releases control but keeps the stored agent; showing it resumes. */
  private onVisibility(): void {
    const hidden = this.win.document.visibilityState === 'hidden';
    this.emit('UPDATE_SESSION', { active: !hidden, pageTitle: this.win.document.title });
    if (hidden) {
      if (this.control.status !== RCStatus.Disabled) this.control.release(false, true);
    } else {
      this.control.resume((id) =>
        this.agents.has(id) ? (this.agents.get(id)?.info.name ?? null) : undefined,
      );
    }
  }

  private disconnect(): void {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    this.control.release(false);
    this.recording.stop(null);
    for (const id of [...this.agents.keys()]) this.removeAgent(id);
    this.calls?.dispose();
    this.calls = null;
    this.offBatch?.();
    this.offBatch = null;
    this.offOnline?.();
    this.offOnline = null;
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    this.sessionId = null;
  }

  /** Ends live assist for good (the plugin is removed). */
  destroy(): void {
    this.disconnect();
    this.notice.destroy();
    for (const off of this.unsubscribe.splice(0)) off();
  }
}

function readFlag(storage: Storage | null, key: string): boolean {
  try {
    return storage?.getItem(key) === '1';
  } catch {
    return false;
  }
}

function writeFlag(storage: Storage | null, key: string, on: boolean): void {
  try {
    if (on) storage?.setItem(key, '1');
    else storage?.removeItem(key);
  } catch {
    // storage refused: the pause simply does not outlive a reload
  }
}
