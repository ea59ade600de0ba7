import { afterEach, describe, expect, it, vi } from 'vitest';
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

function setup() {
  const warnings: string[] = [];
  const calls = new Calls({
    win: window,
    options: resolveOptions({ onWarning: (m) => warnings.push(m) }),
    server: new URL('https://portal.test'),
    peerId: 'atrium-portal-s1-tab-1',
    agent: () => ({ name: 'A' }),
    emit: () => undefined,
    endControl: () => undefined,
    loadPeer: async () => FakePeer as never,
  });
  return { calls, warnings };
}
const config = { peer: { path: '/peerjs', key: 'peerjs' }, iceServers: [{ urls: 'stun:stun.test' }] };

afterEach(() => vi.useRealTimers());

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
      config: { iceServers: config.iceServers, sdpSemantics: 'unified-plan' },
    });
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
    const warnings: string[] = [];
    const calls = new Calls({
      win: window,
      options: resolveOptions({ onWarning: (m) => warnings.push(m) }),
      server: new URL('http://127.0.0.1:3000'),
      peerId: 'p',
      agent: () => undefined,
      emit: () => undefined,
      endControl: () => undefined,
      loadPeer: async () => FakePeer as never,
    });
    await calls.open(config);
    const close = vi.fn();
    FakePeer.last?.fire('call', { metadata: { agentId: 'stranger' }, close });
    expect(close).toHaveBeenCalled();
    expect(document.querySelector('[data-assist="confirm"]')).toBeNull();
    expect(warnings.at(-1)).toContain('unknown agent');
  });
});
