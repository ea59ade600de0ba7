import { ASSIST_SOCKET_PATH } from '@atrium/protocol/assist';
import { LEARNER_METADATA_KEY } from '@atrium/protocol/tracker/learner-metadata-key';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Assist, RESTART_DELAY_MS, SHARING_PAUSED_KEY, type TrackerLike, versionBelow } from './assist.ts';
import { resolveOptions } from './options.ts';

// The plugin against a fake relay socket (the socket.io-client surface it uses) and a fake tracker: the
// protocol is checked message by message, as OpenReplay's agent would see it.

class FakeSocket {
  connected = true;
  sent: [string, ...unknown[]][] = [];
  handlers = new Map<string, ((...a: unknown[]) => void)[]>();
  on(e: string, cb: (...a: unknown[]) => void) {
    this.handlers.set(e, [...(this.handlers.get(e) ?? []), cb]);
    return this;
  }
  emit(e: string, ...a: unknown[]) {
    this.sent.push([e, ...a]);
    return this;
  }
  server(e: string, ...a: unknown[]) {
    for (const cb of this.handlers.get(e) ?? []) cb(...a);
  }
  removeAllListeners() {
    this.handlers.clear();
  }
  disconnect() {
    this.connected = false;
  }
  connects = 0;
  connect() {
    this.connects += 1;
    this.connected = true;
    return this;
  }
  of(event: string) {
    return this.sent
      .filter(([e]) => e === event)
      .map(([, env]) => env as { meta: { tabId: string }; data: unknown });
  }
}

function fakeTracker(version = '15.0.3') {
  let startCb: (() => void) | null = null;
  let stopCb: (() => void) | null = null;
  let batchCb: ((b: unknown[]) => void) | null = null;
  const t = {
    version,
    state: 'NotActive' as 'NotActive' | 'Active',
    starts: 0,
    stops: 0,
    subscribed: () => batchCb !== null,
    batch: (b: unknown[]) => batchCb?.(b),
    onStart: (cb: () => void) => {
      startCb = cb;
      return () => undefined;
    },
    onStop: (cb: () => void) => {
      stopCb = cb;
      return () => undefined;
    },
    onBatch: (cb: (b: unknown[]) => void) => {
      batchCb = cb;
      return () => {
        batchCb = null;
      };
    },
    getSessionInfo: () => ({
      sessionID: 's1',
      sessionToken: 'tok',
      userUUID: 'u',
      tabId: 'tab-1',
      projectKey: 'atrium-portal',
      userID: 'learner-1',
      metadata: {},
      timestamp: 1,
      ingestPoint: 'https://portal.test/ingest',
    }),
    getSessionToken: () => 'tok',
    getState: () => t.state,
    stop: () => {
      t.state = 'NotActive';
      t.stops += 1;
      stopCb?.();
    },
    start: async () => {
      t.state = 'Active';
      t.starts += 1;
      startCb?.();
      return { success: true as const, sessionID: 's1', sessionToken: 'tok', userUUID: 'u' };
    },
  };
  return t;
}

function setup(opts: Parameters<typeof resolveOptions>[0] = {}, version?: string) {
  const socket = new FakeSocket();
  const io = vi.fn((..._args: unknown[]) => socket);
  const tracker = fakeTracker(version);
  const warnings: string[] = [];
  const assist = new Assist(
    tracker as unknown as TrackerLike,
    resolveOptions({ onWarning: (m) => warnings.push(m), ...opts }),
    { window, io: io as never, loadPeer: () => new Promise(() => undefined) },
  );
  live.push(assist);
  return { socket, io, tracker, assist, warnings };
}
/** Each test's plugin, destroyed after it: a restart it scheduled must not grant in the next test's page. */
const live: Assist[] = [];
const meta = { tabId: 'tab-1' };
const press = (label: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === label)?.click();

async function grantedAgent(s: ReturnType<typeof setup>) {
  await s.tracker.start();
  s.socket.server('NEW_AGENT', 'a1', { name: '客服小芸' });
  s.socket.server('request_control', 'a1', { meta, data: '客服小芸' });
  press('Grant Remote Control');
  await vi.waitFor(() => expect(s.socket.of('control_granted')).toEqual([{ meta, data: 'a1' }]));
}

describe('assist plugin core', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    for (const a of live.splice(0)) a.destroy();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('connects once the session exists, with the spec query, and costs nothing until an agent comes', async () => {
    const s = setup();
    expect(s.io).not.toHaveBeenCalled();
    await s.tracker.start();
    expect(s.io).toHaveBeenCalledTimes(1);
    const [url, o] = s.io.mock.calls[0] as unknown as [string, Record<string, unknown>];
    expect(url).toBe('https://portal.test');
    expect(o).toMatchObject({
      path: ASSIST_SOCKET_PATH,
      transports: ['websocket'],
      withCredentials: true,
      auth: { token: 'tok' },
      reconnectionAttempts: 30,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 25_000,
      randomizationFactor: 0.5,
    });
    const q = o.query as Record<string, string>;
    expect(q).toMatchObject({ peerId: 'atrium-portal-s1-tab-1', identity: 'session', tabId: 'tab-1' });
    expect(JSON.parse(q.sessionInfo as string)).toMatchObject({
      active: true,
      assistOnly: false,
      uxtId: null,
      sessionID: 's1',
    });
    expect(JSON.parse(q.sessionInfo as string).sessionToken).toBeUndefined();
    expect(s.tracker.subscribed()).toBe(false);
    s.tracker.batch([[0, 1]]);
    expect(s.socket.of('messages')).toEqual([]);
  });

  it('keeps the learner id and its signed assertion out of the handshake URL (proxies log it)', async () => {
    const s = setup();
    const info = s.tracker.getSessionInfo();
    s.tracker.getSessionInfo = () => ({
      ...info,
      metadata: { [LEARNER_METADATA_KEY]: 'l1.signed-assertion.mac', course: 'c1' },
    });
    await s.tracker.start();
    const [, o] = s.io.mock.calls[0] as unknown as [string, Record<string, unknown>];
    // What socket.io puts in the URL: every query value.
    const url = new URLSearchParams(o.query as Record<string, string>).toString();
    expect(url).not.toContain('learner-1');
    expect(url).not.toContain('signed-assertion');
    expect(url).not.toContain('tok');
    expect(JSON.parse((o.query as Record<string, string>).sessionInfo as string)).toMatchObject({
      metadata: { course: 'c1' },
    });
    expect(o.auth).toEqual({ token: 'tok', userID: 'learner-1' });
  });

  it('socketHost, then serverURL (with its path prefix), win over the tracker host', async () => {
    const a = setup({ serverURL: 'https://assist.example/api/' });
    await a.tracker.start();
    expect(a.io.mock.calls[0]).toMatchObject([
      'https://assist.example',
      { path: `/api${ASSIST_SOCKET_PATH}` },
    ]);
    const b = setup({ serverURL: 'https://assist.example/api', socketHost: 'https://ws.example' });
    await b.tracker.start();
    expect(b.io.mock.calls[0]?.[0]).toBe('https://ws.example');
  });

  it('a new agent restarts the tracker after ~100 ms (one restart for a burst) and gets the batches with meta.tabId', async () => {
    vi.useFakeTimers();
    const s = setup();
    await s.tracker.start();
    s.socket.server('NEW_AGENT', 'a1', { name: 'A' });
    s.socket.server('AGENTS_CONNECTED', ['a1', 'a2']);
    expect(s.tracker.stops).toBe(0);
    await vi.advanceTimersByTimeAsync(RESTART_DELAY_MS);
    expect(s.tracker.stops).toBe(1);
    expect(s.tracker.starts).toBe(2);
    expect(s.io).toHaveBeenCalledTimes(1); // the restart keeps the socket
    s.tracker.batch([
      [0, 5],
      [49, 'tab-1'],
      [1, { type: 2 }],
    ]);
    expect(s.socket.of('messages')).toEqual([
      {
        meta,
        data: [
          [0, 5],
          [49, 'tab-1'],
          [1, { type: 2 }],
        ],
      },
    ]);
    s.socket.server('NO_AGENT');
    expect(s.tracker.subscribed()).toBe(false);
  });

  it('compresses batches from the minimum size on (messages_gz), plain below it', async () => {
    const s = setup({ compressionEnabled: true, compressionMinBatchSize: 3 });
    await s.tracker.start();
    s.socket.server('NEW_AGENT', 'a1', {});
    s.tracker.batch([
      [0, 1],
      [49, 't'],
    ]);
    const big = [
      [0, 1],
      [49, 't'],
      [4, 'x'.repeat(100)],
    ];
    s.tracker.batch(big);
    await vi.waitFor(() => expect(s.socket.of('messages_gz')).toHaveLength(1));
    expect(s.socket.of('messages')).toHaveLength(1);
    const gz = s.socket.of('messages_gz')[0]?.data as Uint8Array;
    const text = await new Response(
      new Blob([gz as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip')),
    ).text();
    expect(JSON.parse(text)).toEqual(big);
  });

  it('control: grant, then only the granted agent clicks and types, input only into the focused field', async () => {
    const s = setup();
    document.body.innerHTML = '<input id="f"><button id="b">ok</button>';
    const field = document.getElementById('f') as HTMLInputElement;
    await grantedAgent(s);
    expect(s.socket.of('control_granted')).toEqual([{ meta, data: 'a1' }]);
    expect(document.querySelector('[data-assist="pointer-name"]')?.textContent).toBe('客服小芸');
    s.socket.server('input', 'a1', { meta, data: 'nothing focused' });
    expect(field.value).toBe('');
    field.focus();
    s.socket.server('input', 'a2', { meta, data: 'not granted' });
    s.socket.server('input', 'a1', { meta: { tabId: 'other-tab' }, data: 'other tab' });
    expect(field.value).toBe('');
    const typed = vi.fn();
    field.addEventListener('input', typed);
    s.socket.server('input', 'a1', { meta, data: '我需要幫忙' });
    expect(field.value).toBe('我需要幫忙');
    expect(typed).toHaveBeenCalled();
    s.socket.server('release_control', 'a1', { meta });
    expect(s.socket.of('control_rejected')).toEqual([{ meta, data: 'a1' }]);
    expect(document.querySelector('[data-assist="pointer"]')).toBeNull();
  });

  it('pausing sharing stops batches to agents, ends control and refuses requests; resuming sends a full snapshot', async () => {
    vi.useFakeTimers();
    const s = setup();
    await grantedAgent(s);
    await vi.advanceTimersByTimeAsync(RESTART_DELAY_MS);
    const bar = () => document.querySelector('[data-assist="notice"]')?.textContent ?? '';
    expect(bar()).toContain('客服小芸 正在遠端控制您的畫面');
    press('暫停分享畫面');
    expect(s.socket.of('sharing_paused')).toEqual([{ meta, data: null }]);
    expect(s.socket.of('control_rejected')).toEqual([{ meta, data: 'a1' }]);
    expect(sessionStorage.getItem(SHARING_PAUSED_KEY)).toBe('1');
    expect(bar()).toContain('已暫停分享畫面');
    s.tracker.batch([[0, 1]]);
    expect(s.socket.of('messages')).toEqual([]);
    s.socket.server('request_control', 'a1', { meta, data: '客服小芸' });
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(s.socket.of('control_rejected')).toHaveLength(2);
    const starts = s.tracker.starts;
    press('繼續分享畫面');
    expect(s.socket.of('sharing_resumed')).toEqual([{ meta, data: null }]);
    await vi.advanceTimersByTimeAsync(RESTART_DELAY_MS);
    expect(s.tracker.starts).toBe(starts + 1);
    s.tracker.batch([[0, 2]]);
    expect(s.socket.of('messages')).toEqual([{ meta, data: [[0, 2]] }]);
  });

  it('the granted agent’s click never presses the plugin’s own controls', async () => {
    const s = setup();
    await grantedAgent(s);
    const end = document.querySelector('[data-assist="notice-end-control"]') as HTMLButtonElement;
    const pressed = vi.fn();
    end.addEventListener('click', pressed);
    // jsdom has no layout: the point is over the bar's button, as it would be in a browser.
    document.elementFromPoint = () => end;
    try {
      s.socket.server('click', 'a1', { meta, data: [10, 10] });
    } finally {
      delete (document as { elementFromPoint?: unknown }).elementFromPoint;
    }
    expect(pressed).not.toHaveBeenCalled();
    expect(s.socket.of('control_rejected')).toEqual([]);
  });

  it('focus(nodeId) focuses the recorder’s node through the tracker’s getNode, only for the granted agent', async () => {
    const s = setup();
    document.body.innerHTML = '<input id="f"><input id="g">';
    const nodes = new Map<number, Node>([
      [7, document.getElementById('f') as Node],
      [8, document.getElementById('g') as Node],
    ]);
    (s.tracker as { getNode?: (id: number) => Node | null }).getNode = (id) => nodes.get(id) ?? null;
    await grantedAgent(s);
    s.socket.server('focus', 'a2', { meta, data: 7 });
    expect(document.activeElement?.id).not.toBe('f');
    s.socket.server('focus', 'a1', { meta, data: 7 });
    expect(document.activeElement?.id).toBe('f');
    s.socket.server('focus', 'a1', { meta, data: 99 }); // unknown id: nothing moves
    expect(document.activeElement?.id).toBe('f');
    s.socket.server('input', 'a1', { meta, data: '透過節點' });
    expect((document.getElementById('f') as HTMLInputElement).value).toBe('透過節點');
  });

  it('the agent leaving releases control; a hidden tab releases and keeps the stored agent; callbacks fire', async () => {
    const started = vi.fn();
    const ended = vi.fn();
    const connected = vi.fn();
    const gone = vi.fn();
    const s = setup({
      // The host's own key (spec 2 §3 options): the granted agent is stored under it.
      session_control_peer_key: '__host_rc',
      onRemoteControlStart: (a) => {
        started(a.name);
        return ended;
      },
      onAgentConnect: () => {
        connected();
        return gone;
      },
    });
    await grantedAgent(s);
    expect(started).toHaveBeenCalledWith('客服小芸');
    expect(connected).toHaveBeenCalledTimes(1);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(s.assist.control.isGranted('a1')).toBe(false);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('__host_rc')).toBe('a1');
    expect(s.socket.of('UPDATE_SESSION').at(-1)?.data).toMatchObject({ active: false });
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(s.assist.control.isGranted('a1')).toBe(true);
    s.socket.server('AGENT_DISCONNECTED', 'a1');
    expect(s.assist.control.isGranted('a1')).toBe(false);
    expect(gone).toHaveBeenCalledTimes(1);
    delete (document as unknown as Record<string, unknown>).visibilityState;
  });

  it('recording: confirm, border 2px dashed red, accepted reply, stop removes the border', async () => {
    const s = setup({ recordingConfirm: { text: '客服想錄製此分頁', accept: '允許錄製' } });
    await s.tracker.start();
    s.socket.server('NEW_AGENT', 'a1', {});
    s.socket.server('request_recording', 'a1', { meta, data: JSON.stringify({ name: '阿哲' }) });
    expect(document.body.textContent).toContain('客服想錄製此分頁');
    press('允許錄製');
    await vi.waitFor(() => expect(s.socket.of('recording_accepted')).toEqual([{ meta, data: 'a1' }]));
    const border = document.querySelector('[data-assist="recording-border"]') as HTMLElement;
    expect(border.style.border).toBe('2px dashed red');
    expect(s.socket.of('recording_accepted')).toEqual([{ meta, data: 'a1' }]);
    s.socket.server('stop_recording', 'a1', { meta });
    expect(document.querySelector('[data-assist="recording-border"]')).toBeNull();
  });

  it('warns about a tracker below 14.0.10 and ignores call_end from an unknown agent', async () => {
    expect(versionBelow('14.0.9', '14.0.10')).toBe(true);
    expect(versionBelow('14.0.10', '14.0.10')).toBe(false);
    expect(versionBelow('15.0.3', '14.0.10')).toBe(false);
    expect(versionBelow(undefined, '14.0.10')).toBe(true);
    const s = setup({}, '14.0.2');
    expect(s.warnings[0]).toContain('below 14.0.10');
    await s.tracker.start();
    s.socket.server('NEW_AGENT', 'a1', {});
    s.socket.server('call_end', 'a1', { meta });
    expect(s.warnings.at(-1)).toContain('call_end from an unknown agent ignored');
  });

  it('tries again at once when the browser is back online, not after socket.io’s backoff', async () => {
    const s = setup();
    await s.tracker.start();
    // Still connected (a blip the connection lived through): left alone.
    window.dispatchEvent(new Event('online'));
    expect(s.socket.connects).toBe(0);
    // The connection dropped with the network; socket.io waits out its growing delay unless told.
    s.socket.connected = false;
    window.dispatchEvent(new Event('online'));
    expect(s.socket.connects).toBe(1);
    expect(s.socket.connected).toBe(true);
    // Once live assist has ended, coming back online opens nothing.
    s.assist.destroy();
    window.dispatchEvent(new Event('online'));
    expect(s.socket.connects).toBe(1);
  });

  it('a stop the plugin did not cause (sign-out) closes the socket', async () => {
    const s = setup();
    await s.tracker.start();
    s.tracker.stop();
    expect(s.socket.connected).toBe(false);
  });
  it('a refusal calls onRemoteControlDeny / onRecordingDeny and tells the agent', async () => {
    const controlDenied = vi.fn();
    const recordingDenied = vi.fn();
    const s = setup({ onRemoteControlDeny: controlDenied, onRecordingDeny: recordingDenied });
    await s.tracker.start();
    s.socket.server('NEW_AGENT', 'a1', { name: '小芸' });
    s.socket.server('request_control', 'a1', { meta, data: '小芸' });
    press('Reject');
    await vi.waitFor(() => expect(controlDenied).toHaveBeenCalled());
    expect(controlDenied).toHaveBeenCalledWith(expect.objectContaining({ name: '小芸' }));
    expect(s.socket.of('control_rejected')).toEqual([{ meta, data: 'a1' }]);
    s.socket.server('request_recording', 'a1', { meta, data: '{}' });
    press('Reject');
    await vi.waitFor(() => expect(recordingDenied).toHaveBeenCalled());
    expect(recordingDenied).toHaveBeenCalledTimes(1);
    expect(s.socket.of('recording_rejected')).toEqual([{ meta, data: 'a1' }]);
  });
});
