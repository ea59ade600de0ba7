import {
  AGENT_NAME_MAX,
  type AssistConfig,
  CALL_RESUME_MS,
  PEER_ERROR_MESSAGES,
  PEER_HEARTBEAT_MS,
  PEER_RECONNECT,
  STORAGE_KEYS,
} from '@atrium/protocol/assist';
import type { MediaConnection, Peer, PeerError } from 'peerjs';
import { cutName } from './agent-pointer.ts';
import { CallWindow } from './call-window.ts';
import { type ConfirmHandle, openConfirm } from './confirm-window.ts';
import { LocalStream } from './local-stream.ts';
import { type AgentInfo, type AssistOptions, enderOf } from './options.ts';
import { ringTone } from './ring-tone.ts';

export interface CallsDeps {
  win: Window;
  options: AssistOptions;
  /** Where the PeerJS server is: the assist socket's origin. */
  server: URL;
  peerId: string;
  agent(agentId: string): AgentInfo | undefined;
  /** The connected agent whose server-assigned PeerJS id this is (NEW_AGENT, AGENTS_INFO_CONNECTED). */
  agentByPeer(peerId: string): { agentId: string; info: AgentInfo } | undefined;
  emit(event: 'call_end' | 'videofeed', data: unknown): void;
  /** Ends remote control from the call window's control row. */
  endControl(): void;
  /** Whether an agent controls the page now: a call starting then shows the control row at once. */
  controlling?(): boolean;
  /** Tests hand in a fake; the page loads PeerJS only when the first agent arrives. */
  loadPeer?: () => Promise<typeof Peer>;
}

/** The call prompt's line naming the agent (`{name}` in the template), or none for a nameless agent. */
export function callerLine(
  template: string | undefined,
  name: string | null | undefined,
): string | undefined {
  const who = cutName(name, AGENT_NAME_MAX.callWindow, '');
  return template && who ? template.replaceAll('{name}', who) : undefined;
}

/** Peer reconnect delay (spec 1 §9, spec 2 §9): min(attempt, 8) × 2 s. */
export const reconnectDelay = (attempt: number) =>
  Math.min(attempt, PEER_RECONNECT.maxFactor) * PEER_RECONNECT.stepMs;

const peerErrorText = (e: { type?: string; message?: string }) =>
  PEER_ERROR_MESSAGES[e.type as keyof typeof PEER_ERROR_MESSAGES] ?? e.message ?? e.type ?? 'webrtc';

/**
 * Calls from agents over PeerJS (spec 2 §4 Calling, §7): the learner's peer is registered while agents
 * are present (with the relay's peer credential), a call is taken only from the PeerJS id the relay
 * gave a connected agent, every incoming call asks for consent, also an agent joining a running call
 * (declined by itself after `callConfirmTimeoutMs`), is answered with the local stream, and the call
 * window names every agent on the call until the last one ends it.
 */
export class Calls {
  peer: Peer | null = null;
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private confirm: (ConfirmHandle & { agentId: string }) | null = null;
  private readonly active = new Map<string, MediaConnection>();
  private local: LocalStream | null = null;
  private starting: Promise<void> | null = null;
  private window: CallWindow | null = null;
  private onEnd: (() => void) | null = null;
  private closed = false;
  /**
   * Agents' PeerJS ids whose call was cut by a reload or a socket drop, not ended, until when their call is
   * taken again without a prompt (the learner said yes to it in this tab already).
   */
  private readonly resumable = new Map<string, number>();
  private resumeTimer: ReturnType<typeof setTimeout> | null = null;
  private resumed = false;

  constructor(private readonly d: CallsDeps) {
    // A call that was on when the page reloaded: its agent dials again and is let in for a while.
    const stored = this.storedPeers();
    if (stored.length === 0) this.forgetStart();
    for (const p of stored) this.resumable.set(p, Date.now() + CALL_RESUME_MS);
    if (stored.length) this.scheduleForget();
  }

  private storage(): Storage | null {
    try {
      return this.d.win.sessionStorage;
    } catch {
      return null;
    }
  }

  /** The agents on the call, by PeerJS id, under the `session_calling_peer_key` option (spec 2 §3). */
  private storedPeers(): string[] {
    try {
      const v = JSON.parse(this.storage()?.getItem(this.d.options.session_calling_peer_key) ?? '[]');
      return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      return [];
    }
  }

  private storePeers(): void {
    const ids = [...this.active.keys()].flatMap((id) => {
      const p = this.d.agent(id)?.peerId;
      return typeof p === 'string' ? [p] : [];
    });
    // Peers cut off and not yet back keep their place: a second reload must not lose them.
    for (const [p, until] of this.resumable) if (until > Date.now() && !ids.includes(p)) ids.push(p);
    try {
      const s = this.storage();
      if (ids.length) s?.setItem(this.d.options.session_calling_peer_key, JSON.stringify(ids));
      else s?.removeItem(this.d.options.session_calling_peer_key);
    } catch {
      // no storage: a reload ends the call
    }
  }

  private forgetStart(): void {
    try {
      this.storage()?.removeItem(STORAGE_KEYS.callStart);
    } catch {
      // nothing stored
    }
  }

  /** Once the resume window is over, an agent that did not dial again needs the learner's yes. */
  private scheduleForget(): void {
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    this.resumeTimer = setTimeout(() => {
      this.resumeTimer = null;
      const now = Date.now();
      for (const [p, until] of this.resumable) if (until <= now) this.resumable.delete(p);
      this.storePeers();
      if (!this.inCall && !this.starting) this.forgetStart();
    }, CALL_RESUME_MS + 50);
  }

  private warn(m: string, detail?: unknown) {
    this.d.options.onWarning(`[Atrium] assist: ${m}`, detail);
  }

  /** Registers the learner's peer (idempotent). */
  async open(config: AssistConfig): Promise<void> {
    // A reconnected socket brings a fresh credential: the peer's own reconnects use it.
    if (this.peer && config.peer.token) this.peer.options.token = config.peer.token;
    if (this.peer || this.closed) return;
    const PeerClass = await (this.d.loadPeer?.() ?? import('peerjs').then((m) => m.Peer));
    if (this.peer || this.closed) return;
    const secure = this.d.server.protocol === 'https:';
    const peer = new PeerClass(this.d.peerId, {
      host: this.d.server.hostname,
      port: Number(this.d.server.port) || (secure ? 443 : 80),
      secure,
      path: config.peer.path,
      key: config.peer.key,
      // The relay's credential for this id; without it the peer server refuses the id (ADR 0042).
      ...(config.peer.token ? { token: config.peer.token } : {}),
      pingInterval: PEER_HEARTBEAT_MS,
      config: { iceServers: config.iceServers, sdpSemantics: 'unified-plan' } as RTCConfiguration,
    });
    this.peer = peer;
    peer.on('open', () => {
      this.attempts = 0;
    });
    peer.on('call', (call) => this.incoming(call));
    // The plugin opens no data channel: one offered to it is closed, whoever it comes from.
    peer.on('connection', (conn) => conn.close());
    peer.on('disconnected', () => this.scheduleReconnect());
    peer.on('error', (e: PeerError<string>) => {
      this.warn(`peer error ${e.type}: ${peerErrorText(e)}`);
      if (e.type === 'network' || e.type === 'server-error' || e.type === 'socket-error')
        this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    const peer = this.peer;
    if (!peer || peer.destroyed || this.reconnectTimer || this.closed) return;
    if (this.attempts >= PEER_RECONNECT.attempts) {
      this.warn('peer reconnect gave up');
      return;
    }
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (peer !== this.peer || !peer.disconnected) return;
      try {
        peer.reconnect();
      } catch (e) {
        this.warn('peer reconnect failed', e);
      }
    }, reconnectDelay(this.attempts));
  }

  get inCall(): boolean {
    return this.active.size > 0;
  }

  private incoming(call: MediaConnection): void {
    // Who calls is the PeerJS id the server checked, never the caller's metadata.
    const caller = this.d.agentByPeer(call.peer);
    if (!caller) {
      this.warn('a call from an unknown agent was refused');
      call.close();
      return;
    }
    const { agentId, info: agent } = caller;
    const until = this.resumable.get(call.peer);
    if (until !== undefined) {
      this.resumable.delete(call.peer);
      if (until > Date.now()) {
        // The same call, cut by a reload: no new prompt, and the timer goes on from its start.
        this.resumed = this.active.size === 0 && !this.starting;
        this.starting ??= this.startCall(agent);
        void this.starting.then(() => this.answer(call, agentId));
        return;
      }
    }
    if (this.confirm) {
      call.close(); // one question at a time
      return;
    }
    // Every agent asks, also one joining a running call: the learner's microphone is theirs to give.
    const t = this.d.options.callConfirm as Required<NonNullable<AssistOptions['callConfirm']>>;
    const confirm = Object.assign(
      openConfirm(this.d.win.document, t, {
        phoneIcon: true,
        caller: callerLine(t.caller, agent.name),
        timeoutMs: this.d.options.callConfirmTimeoutMs,
      }),
      { agentId },
    );
    this.confirm = confirm;
    // The prompt rings until it is answered, declined, timed out or taken away.
    const stopRing = ringTone(this.d.win);
    void confirm.answer.then(async (yes) => {
      stopRing();
      if (this.confirm !== confirm) return;
      this.confirm = null;
      if (!yes || !this.d.agent(agentId)) {
        call.close();
        this.d.emit('call_end', agentId);
        this.d.options.onCallDeny?.();
        return;
      }
      this.starting ??= this.startCall(agent);
      await this.starting;
      this.answer(call, agentId);
    });
  }

  /** The first accepted call: the local stream, the call window and onCallStart, once. */
  private async startCall(agent: AgentInfo): Promise<void> {
    this.local = await LocalStream.create(this.d.win, (m, e) => this.d.options.onWarning(m, e));
    this.openWindow();
    this.onEnd = enderOf(this.d.options.onCallStart?.(agent));
  }

  private answer(call: MediaConnection, agentId: string): void {
    const local = this.local;
    if (!local) return;
    const replaced = this.active.get(agentId);
    this.active.set(agentId, call);
    replaced?.close();
    this.storePeers();
    this.showAgents();
    call.answer(local.stream);
    call.on('stream', (remote) => this.window?.setRemoteStream(agentId, remote));
    // Only this call's own end counts: an agent's replaced call must not take its new tile away.
    const ended = () => {
      if (this.active.get(agentId) === call) this.end(agentId, false);
    };
    call.on('close', ended);
    call.on('error', (e) => {
      this.warn(`call error ${(e as { type?: string }).type ?? ''}`, e);
      ended();
    });
    const pc = call.peerConnection;
    if (pc) {
      pc.addEventListener('iceconnectionstatechange', () => {
        if (pc.iceConnectionState === 'failed' || pc.iceConnectionState === 'closed') ended();
      });
    }
  }

  /** The call window names everyone the learner is talking to and shows each one's video. */
  private showAgents(): void {
    this.window?.setAgents([...this.active.keys()].map((id) => [id, this.d.agent(id)?.name ?? null]));
  }

  private openWindow(): void {
    const local = this.local as LocalStream;
    let startedAt = Date.now();
    // Only a resumed call goes on from the stored start; a new one starts at 00:00 (spec 2 §3 Storage).
    const resumed = this.resumed;
    this.resumed = false;
    try {
      const store = this.storage();
      const saved = Number(store?.getItem(STORAGE_KEYS.callStart));
      if (resumed && saved > 0 && saved <= startedAt) startedAt = saved;
      else store?.setItem(STORAGE_KEYS.callStart, String(startedAt));
    } catch {
      // no storage: the timer starts at zero after a reload
    }
    this.window = new CallWindow(
      this.d.win,
      this.d.options.callTexts,
      {
        toggleAudio: () => local.toggleAudio(),
        toggleVideo: async () => {
          const on = await local.toggleVideo((track) => {
            for (const c of this.active.values()) {
              const sender = c.peerConnection
                ?.getSenders()
                .find((s) => s.track?.kind === 'video' || !s.track);
              void sender?.replaceTrack(track);
            }
          });
          this.d.emit('videofeed', { streamId: local.stream.id, enabled: on });
          return on;
        },
        end: () => this.endAll(true),
        endControl: () => this.d.endControl(),
      },
      this.d.options.callUITemplate,
    );
    this.window.setLocalStream(local.stream, false);
    // Control granted before the call: the row to end it is there from the start.
    if (this.d.controlling?.()) this.window.showControl(true);
    this.window.start(startedAt);
  }

  /** The agent's `videofeed`: only an agent in the call changes what the window shows. */
  agentVideo(agentId: string, enabled: boolean): void {
    if (this.active.has(agentId)) this.window?.remoteVideo(agentId, enabled);
  }

  /** Shows or hides the remote-control row of the call window. */
  showControl(on: boolean): void {
    this.window?.showControl(on);
  }

  /** The agent's `call_end`; one from an agent not in the call is ignored (spec 2 §5). */
  agentEnded(agentId: string): void {
    if (!this.active.has(agentId)) {
      if (this.confirm?.agentId === agentId) {
        this.confirm.remove();
        return;
      }
      this.warn(`call_end from an unknown agent ignored: ${agentId}`);
      return;
    }
    this.end(agentId, false);
  }

  /**
   * `notify`: the learner ended it, the agent is told. `resumable`: cut, not ended (the socket dropped):
   * the agent may dial again within CALL_RESUME_MS without a new prompt.
   */
  end(agentId: string, notify: boolean, resumable = false): void {
    if (this.confirm?.agentId === agentId) this.confirm.remove();
    const c = this.active.get(agentId);
    if (!c) return;
    const peer = this.d.agent(agentId)?.peerId;
    if (resumable && typeof peer === 'string') {
      this.resumable.set(peer, Date.now() + CALL_RESUME_MS);
      this.scheduleForget();
    }
    this.active.delete(agentId);
    c.close();
    if (notify) this.d.emit('call_end', agentId);
    this.storePeers();
    if (this.active.size === 0) this.teardown(resumable);
    else this.showAgents();
  }

  endAll(notify: boolean): void {
    this.confirm?.remove();
    for (const id of [...this.active.keys()]) this.end(id, notify);
    this.teardown();
  }

  private teardown(keepStart = false): void {
    this.window?.remove();
    this.window = null;
    this.local?.stop();
    this.local = null;
    this.starting = null;
    if (!keepStart) this.forgetStart();
    const end = this.onEnd;
    this.onEnd = null;
    end?.();
  }

  /**
   * No agent left: end calls and free the peer. `cut`: the socket dropped, the agents are not gone for
   * good: their calls may come back within CALL_RESUME_MS without a prompt.
   */
  close(cut = false): void {
    if (cut) {
      this.confirm?.remove();
      for (const id of [...this.active.keys()]) this.end(id, false, true);
    } else {
      this.endAll(false);
      this.resumable.clear();
      if (this.resumeTimer) clearTimeout(this.resumeTimer);
      this.resumeTimer = null;
      this.storePeers();
    }
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.peer?.destroy();
    this.peer = null;
    this.attempts = 0;
  }

  dispose(): void {
    this.closed = true;
    this.close();
  }

  /** Used after a dispose-less restart of the peer (a new session). */
  reopenable(): void {
    this.closed = false;
  }
}
