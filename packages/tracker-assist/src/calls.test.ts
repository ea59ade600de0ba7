import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Calls } from './calls.ts';
import { resolveOptions } from './options.ts';

// The PeerJS side against a fake Peer (the surface Calls uses): errors with the spec's texts, reconnects.
class FakePeer {
  static last: FakePeer | null = null;
  handlers = new Map<string, (arg?: unknown) => void>();
  destroyed = false;
  disconnected = false;
  reconnects = 0;
  constructor(
    readonly id: string,
    readonly options: Record<string, unknown>,
  ) {
    FakePeer.last = this;
  }
  on(e: string, cb: (arg?: unknown) => void) {
    this.handlers.set(e, cb);
  }
  fire(e: string, arg?: unknown) {
    this.handlers.get(e)?.(arg);
  }
  reconnect() {
    this.reconnects += 1;
    this.disconnected = false;
  }
  destroy() {
    this.destroyed = true;
  }
}

/** Agents the relay announced: socket id → server-assigned PeerJS id and name. */
const AGENTS = new Map([
  ['agent-a', { name: '客服阿哲', peerId: 'atrium-portal-s1-aaaa' }],
  ['agent-b', { name: '客服小芸', peerId: 'atrium-portal-s1-bbbb' }],
]);

function setup(agents = AGENTS) {
  const warnings: string[] = [];
  const emitted: [string, unknown][] = [];
  const calls = new Calls({
    win: window,
    options: resolveOptions({ onWarning: (m) => warnings.push(m) }),
    server: new URL('https://portal.test'),
    peerId: 'atrium-portal-s1-tab-1',
    agent: (id) => agents.get(id),
    agentByPeer: (peerId) => {
      for (const [agentId, info] of agents) if (info.peerId === peerId) return { agentId, info };
      return undefined;
    },
    emit: (e, d) => emitted.push([e, d]),
    endControl: () => undefined,
    loadPeer: async () => FakePeer as never,
  });
  return { calls, warnings, emitted };
}
const config = {
  peer: { path: '/peerjs', key: 'peerjs', token: 'v.credential' },
  iceServers: [{ urls: 'stun:stun.test' }],
};

/** An incoming PeerJS call as the learner's peer hands it over: `peer` is the id the server vouched for. */
function incomingCall(peer: string, metadata: unknown = {}) {
  const handlers = new Map<string, (arg?: unknown) => void>();
  return {
    peer,
    metadata,
    answered: null as unknown,
    closed: false,
    answer(stream: unknown) {
      this.answered = stream;
    },
    close() {
      this.closed = true;
    },
    on(e: string, cb: (arg?: unknown) => void) {
      handlers.set(e, cb);
    },
    fire: (e: string, arg?: unknown) => handlers.get(e)?.(arg),
  };
}

const prompt = () => document.querySelector<HTMLElement>('[data-assist="confirm"]');
const promptButton = (label: string) =>
  [...(prompt()?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.includes(label)) as
    | HTMLButtonElement
    | undefined;

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('calls: the learner’s peer', () => {
  it('registers with the relay’s path, key, ICE servers and a 5 s heartbeat', async () => {
    const { calls } = setup();
    await calls.open(config);
    const p = FakePeer.last as FakePeer;
    expect(p.id).toBe('atrium-portal-s1-tab-1');
    expect(p.options).toMatchObject({
      host: 'portal.test',
      port: 443,
      secure: true,
      path: '/peerjs',
      key: 'peerjs',
      pingInterval: 5000,
      // The relay's credential for this id: without it the peer server refuses the id.
      token: 'v.credential',
      config: { iceServers: config.iceServers, sdpSemantics: 'unified-plan' },
    });
    // A reconnected relay socket brings a fresh credential; the peer's next reconnect uses it.
    await calls.open({ ...config, peer: { ...config.peer, token: 'v.fresh' } });
    expect(FakePeer.last).toBe(p);
    expect(p.options.token).toBe('v.fresh');
    calls.close();
    expect(p.destroyed).toBe(true);
  });

  it('peer errors are logged with the spec 2 §8 texts; a lost server is reconnected after min(n, 8) × 2 s', async () => {
    vi.useFakeTimers();
    const { calls, warnings } = setup();
    await calls.open(config);
    const p = FakePeer.last as FakePeer;
    p.fire('error', { type: 'unavailable-id' });
    expect(warnings.at(-1)).toContain('ID is taken');
    p.disconnected = true;
    p.fire('error', { type: 'network' });
    expect(warnings.at(-1)).toContain('Lost connection to server.');
    await vi.advanceTimersByTimeAsync(1999);
    expect(p.reconnects).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.reconnects).toBe(1);
    p.disconnected = true;
    p.fire('disconnected');
    await vi.advanceTimersByTimeAsync(3999);
    expect(p.reconnects).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.reconnects).toBe(2);
    p.fire('open'); // a successful reconnect starts the count again
    p.disconnected = true;
    p.fire('disconnected');
    await vi.advanceTimersByTimeAsync(2000);
    expect(p.reconnects).toBe(3);
  });

  it('a call from an agent the relay has not announced is refused', async () => {
    const { calls, warnings } = setup(new Map());
    await calls.open(config);
    const call = incomingCall('atrium-portal-s1-aaaa', { agentId: 'stranger' });
    FakePeer.last?.fire('call', call);
    expect(call.closed).toBe(true);
    expect(prompt()).toBeNull();
    expect(warnings.at(-1)).toContain('unknown agent');
  });

  it('a call naming a connected agent in its metadata but from another peer id is refused without a prompt', async () => {
    const { calls, warnings } = setup();
    await calls.open(config);
    // A forger knows the agent's socket id, but the peer server vouches only for the caller's own id.
    const call = incomingCall('atrium-portal-s1-forged', { agentId: 'agent-a', agentName: '客服阿哲' });
    FakePeer.last?.fire('call', call);
    expect(call.closed).toBe(true);
    expect(prompt()).toBeNull();
    expect(warnings.at(-1)).toContain('unknown agent');
  });

  it('a data connection offered to the learner’s peer is closed, even from a connected agent', async () => {
    const { calls } = setup();
    await calls.open(config);
    const conn = incomingCall('atrium-portal-s1-aaaa');
    FakePeer.last?.fire('connection', conn);
    expect(conn.closed).toBe(true);
  });
});

describe('calls: every agent joining asks the learner', () => {
  // happy-dom's MediaStream has no tracks API and it has no getUserMedia: a silent stream stands in for
  // the browser's (the real microphone path is the assist journeys' in Chromium).
  beforeEach(() => {
    vi.stubGlobal(
      'MediaStream',
      class {
        id = 'local';
        getTracks = () => [];
        getAudioTracks = () => [];
        getVideoTracks = () => [];
        addTrack = () => undefined;
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a second agent joining a running call gets the learner’s microphone only after the learner answers', async () => {
    const { calls, emitted } = setup();
    await calls.open(config);
    const first = incomingCall('atrium-portal-s1-aaaa');
    FakePeer.last?.fire('call', first);
    promptButton('Answer')?.click();
    await vi.waitFor(() => expect(first.answered).not.toBeNull());
    expect(calls.inCall).toBe(true);

    const second = incomingCall('atrium-portal-s1-bbbb');
    FakePeer.last?.fire('call', second);
    // Asked again, with the spec's call prompt naming who calls; nothing is sent to the second agent meanwhile.
    expect(prompt()?.getAttribute('aria-label')).toBe(
      'Call from 客服小芸 You have an incoming call. Do you want to answer?',
    );
    expect(second.answered).toBeNull();
    promptButton('Answer')?.click();
    await vi.waitFor(() => expect(second.answered).toBe(first.answered));
    // The first agent leaves: the call goes on with the second.
    first.fire('close');
    expect(calls.inCall).toBe(true);
    expect(emitted).toEqual([]);
    calls.close();
  });

  it('the learner declines the joining agent: that call is closed and that agent told, the running call goes on', async () => {
    const { calls, emitted } = setup();
    await calls.open(config);
    const first = incomingCall('atrium-portal-s1-aaaa');
    FakePeer.last?.fire('call', first);
    promptButton('Answer')?.click();
    await vi.waitFor(() => expect(first.answered).not.toBeNull());

    const second = incomingCall('atrium-portal-s1-bbbb');
    FakePeer.last?.fire('call', second);
    promptButton('Reject')?.click();
    await vi.waitFor(() => expect(second.closed).toBe(true));
    expect(second.answered).toBeNull();
    expect(emitted).toEqual([['call_end', 'agent-b']]);
    expect(first.closed).toBe(false);
    expect(calls.inCall).toBe(true);
    calls.close();
  });
});

describe('calls: an agent dialling again while on the call', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'MediaStream',
      class {
        id = 'local';
        getTracks = () => [];
        getAudioTracks = () => [];
        getVideoTracks = () => [];
        addTrack = () => undefined;
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the new call replaces the old one: the old one closing does not end the call for the page', async () => {
    let ended = 0;
    const agents = AGENTS;
    const calls = new Calls({
      win: window,
      options: resolveOptions({ onWarning: () => undefined, onCallStart: () => () => (ended += 1) }),
      server: new URL('https://portal.test'),
      peerId: 'atrium-portal-s1-tab-1',
      agent: (id) => agents.get(id),
      agentByPeer: (peerId) => {
        for (const [agentId, info] of agents) if (info.peerId === peerId) return { agentId, info };
        return undefined;
      },
      emit: () => undefined,
      endControl: () => undefined,
      loadPeer: async () => FakePeer as never,
    });
    await calls.open(config);
    // PeerJS tells a call's own listeners when it is closed, also when the plugin closes it.
    const closing = (peer: string) => {
      const c = incomingCall(peer);
      const close = c.close;
      c.close = function () {
        close.call(this);
        this.fire('close');
      };
      return c;
    };
    const first = closing('atrium-portal-s1-aaaa');
    FakePeer.last?.fire('call', first);
    promptButton('Answer')?.click();
    await vi.waitFor(() => expect(first.answered).not.toBeNull());
    const again = closing('atrium-portal-s1-aaaa');
    FakePeer.last?.fire('call', again);
    promptButton('Answer')?.click();
    await vi.waitFor(() => expect(again.answered).not.toBeNull());
    expect(first.closed).toBe(true);
    expect(again.closed).toBe(false);
    expect(calls.inCall).toBe(true);
    expect(ended).toBe(0);
    again.fire('close');
    expect(calls.inCall).toBe(false);
    expect(ended).toBe(1);
  });
});

describe('calls: a call cut by a reload comes back', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'MediaStream',
      class {
        id = 'local';
        getTracks = () => [];
        getAudioTracks = () => [];
        getVideoTracks = () => [];
        addTrack = () => undefined;
      },
    );
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the same agent dialling again within 30 s is answered without a prompt and the timer keeps its start; a new call starts anew', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const before = setup();
    await before.calls.open(config);
    const first = incomingCall('atrium-portal-s1-aaaa');
    FakePeer.last?.fire('call', first);
    promptButton('Answer')?.click();
    await vi.waitFor(() => expect(first.answered).not.toBeNull());
    const start = sessionStorage.getItem('__openreplay_call_start');
    expect(Number(start) - Date.parse('2026-11-24T10:00:00Z')).toBeLessThan(1000);
    // The session_calling_peer_key option names where the agents on the call are kept.
    expect(JSON.parse(sessionStorage.getItem('__openreplay_calling_peer') ?? '[]')).toEqual([
      'atrium-portal-s1-aaaa',
    ]);

    // The page reloads 69 s into the call: a new plugin, the same session storage.
    vi.setSystemTime(new Date('2026-11-24T10:01:09Z'));
    const after = setup();
    await after.calls.open(config);
    const again = incomingCall('atrium-portal-s1-aaaa');
    FakePeer.last?.fire('call', again);
    await vi.waitFor(() => expect(again.answered).not.toBeNull());
    expect(prompt()).toBeNull();
    expect(sessionStorage.getItem('__openreplay_call_start')).toBe(start);

    // The learner hangs up: nothing is left to resume, and the next call asks and starts at its own time.
    after.calls.endAll(true);
    expect(sessionStorage.getItem('__openreplay_calling_peer')).toBeNull();
    expect(sessionStorage.getItem('__openreplay_call_start')).toBeNull();
    vi.setSystemTime(new Date('2026-11-24T10:05:00Z'));
    const next = incomingCall('atrium-portal-s1-aaaa');
    FakePeer.last?.fire('call', next);
    expect(prompt()).not.toBeNull();
    promptButton('Answer')?.click();
    await vi.waitFor(() => expect(next.answered).not.toBeNull());
    const fresh = Number(sessionStorage.getItem('__openreplay_call_start'));
    expect(fresh - Date.parse('2026-11-24T10:05:00Z')).toBeGreaterThanOrEqual(0);
    expect(fresh - Date.parse('2026-11-24T10:05:00Z')).toBeLessThan(1000);
    after.calls.close();
  });

  it('after 30 s the stored agent needs the learner’s yes again; another agent always does', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    sessionStorage.setItem('__openreplay_calling_peer', JSON.stringify(['atrium-portal-s1-aaaa']));
    sessionStorage.setItem('__openreplay_call_start', String(Date.now() - 60_000));
    const { calls } = setup();
    await calls.open(config);
    const other = incomingCall('atrium-portal-s1-bbbb');
    FakePeer.last?.fire('call', other);
    expect(prompt()).not.toBeNull();
    promptButton('Reject')?.click();
    await vi.waitFor(() => expect(other.closed).toBe(true));
    vi.setSystemTime(new Date('2026-11-24T10:00:31Z'));
    const late = incomingCall('atrium-portal-s1-aaaa');
    FakePeer.last?.fire('call', late);
    expect(prompt()).not.toBeNull();
    expect(late.answered).toBeNull();
    calls.close();
  });
});
