import type { Peer } from 'peerjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANVAS_CHECK_MS, CANVAS_FPS, CanvasStreams } from './canvas-streams.ts';

interface FakeCall {
  to: string;
  metadata: { canvas: number };
  fps: number | undefined;
  open: boolean;
  closed: boolean;
  close(): void;
}

function addCanvas(attrs: Record<string, string> = {}) {
  const c = document.createElement('canvas');
  for (const [k, v] of Object.entries(attrs)) c.setAttribute(k, v);
  const track = { stopped: false, stop: () => (track.stopped = true) };
  let fps: number | undefined;
  (c as unknown as { captureStream: (f: number) => unknown }).captureStream = (f: number) => {
    fps = f;
    return { getTracks: () => [track], fps };
  };
  document.body.append(c);
  return { c, track, fps: () => fps };
}

function setup(agents = ['agent-peer-1']) {
  const calls: FakeCall[] = [];
  const peer = {
    open: true,
    call(to: string, stream: { fps: number }, o: { metadata: { canvas: number } }) {
      const call: FakeCall = {
        to,
        metadata: o.metadata,
        fps: stream.fps,
        open: false,
        closed: false,
        close: () => {
          call.closed = true;
          call.open = false;
        },
      };
      calls.push(call);
      return call;
    },
  };
  const s = new CanvasStreams({
    doc: document,
    win: window,
    peer: () => peer as unknown as Peer,
    agentPeerIds: () => agents,
  });
  return { s, calls, peer, agents };
}

describe('canvas streaming to agents (30 fps, page searched every 5 s)', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('calls each agent’s canvas peer once per page canvas at 30 fps, never for the plugin’s own canvases', () => {
    addCanvas();
    addCanvas({ 'data-assist': 'annotation' });
    addCanvas();
    const { s, calls } = setup();
    s.start();
    expect(calls.map((c) => [c.to, c.metadata.canvas, c.fps])).toEqual([
      ['agent-peer-1-canvas', 0, CANVAS_FPS],
      ['agent-peer-1-canvas', 1, CANVAS_FPS],
    ]);
    s.stop();
  });

  it('finds a canvas added later on the next 5 s search, re-calls an unanswered call, stops everything', () => {
    vi.useFakeTimers();
    const first = addCanvas();
    const { s, calls } = setup();
    s.start();
    expect(calls).toHaveLength(1);
    (calls[0] as FakeCall).open = true; // answered
    addCanvas();
    vi.advanceTimersByTime(CANVAS_CHECK_MS - 1);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    // The page's canvases changed: every canvas call starts over with the new indices.
    expect(calls.slice(1).map((c) => c.metadata.canvas)).toEqual([0, 1]);
    expect(calls[0]?.closed).toBe(true);
    // Nobody answered (the agent's canvas peer was not there yet): tried again on the next search.
    vi.advanceTimersByTime(CANVAS_CHECK_MS);
    expect(calls).toHaveLength(5);
    expect(calls[1]?.closed).toBe(true);
    s.stop();
    expect(calls.slice(3).every((c) => c.closed)).toBe(true);
    expect(first.track.stopped).toBe(true);
    vi.advanceTimersByTime(CANVAS_CHECK_MS * 2);
    expect(calls).toHaveLength(5);
  });

  it('hangs up an agent’s canvas calls when that agent leaves, and calls nobody while the peer is not open', () => {
    addCanvas();
    const { s, calls, peer, agents } = setup(['a1', 'a2']);
    peer.open = false;
    s.check();
    expect(calls).toHaveLength(0);
    peer.open = true;
    s.check();
    for (const c of calls) c.open = true;
    expect(calls.map((c) => c.to)).toEqual(['a1-canvas', 'a2-canvas']);
    agents.splice(0, 1);
    s.check();
    expect(calls.map((c) => c.closed)).toEqual([true, false]);
    expect(calls).toHaveLength(2);
    s.stop();
  });
});
