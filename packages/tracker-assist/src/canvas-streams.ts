import { canvasPeerId } from '@atrium/protocol/assist';
import type { MediaConnection, Peer } from 'peerjs';

/** Canvas frames per second sent to agents, and how often the page is searched for canvases (issue 12). */
export const CANVAS_FPS = 30;
export const CANVAS_CHECK_MS = 5000;

/**
 * The page's own canvases, in document order; the plugin's (annotation, dummy track) are not the page's.
 * The console's live view picks the mirror's canvases by the same rule.
 */
export const pageCanvases = (doc: Document): HTMLCanvasElement[] =>
  [...doc.querySelectorAll('canvas')].filter((c) => !c.hasAttribute('data-assist'));

export interface CanvasStreamsDeps {
  doc: Document;
  win: Pick<Window, 'setInterval' | 'clearInterval'>;
  /** The learner's peer, once open. */
  peer(): Peer | null;
  /** PeerJS ids of the agents watching now. */
  agentPeerIds(): string[];
}

/**
 * Canvas contents are not in the DOM stream (the tracker records no canvas pixels), so while agents watch,
 * each canvas of the page goes to each agent as a video call at 30 fps, its place given as the canvas's
 * index among the page's canvases in document order (`metadata.canvas`): the mirror has the same canvases in
 * the same order. The page is searched every 5 s; when its canvases change, every canvas call starts over
 * (indices shift). A call that has not opened by the next search (agent's peer not there yet) is tried again.
 */
export class CanvasStreams {
  private timer: number | null = null;
  private canvases: HTMLCanvasElement[] = [];
  private readonly streams = new Map<HTMLCanvasElement, MediaStream>();
  private readonly calls = new Map<string, MediaConnection>();

  constructor(private readonly d: CanvasStreamsDeps) {}

  start(): void {
    if (this.timer) return;
    this.check();
    this.timer = this.d.win.setInterval(() => this.check(), CANVAS_CHECK_MS);
  }

  /** One search: (re)calls what is missing, hangs up what is gone. */
  check(): void {
    const peer = this.d.peer();
    if (!peer?.open) return;
    const found = pageCanvases(this.d.doc);
    if (found.length !== this.canvases.length || found.some((c, i) => c !== this.canvases[i])) {
      this.hangUpAll();
      for (const [c, s] of this.streams) {
        if (found.includes(c)) continue;
        for (const t of s.getTracks()) t.stop();
        this.streams.delete(c);
      }
      this.canvases = found;
    }
    const agents = this.d.agentPeerIds();
    for (const [key, call] of this.calls) {
      if (call.open && agents.includes(key.slice(0, key.lastIndexOf('|')))) continue;
      call.close();
      this.calls.delete(key);
    }
    for (const agent of agents) {
      for (const [i, canvas] of found.entries()) {
        const key = `${agent}|${i}`;
        if (this.calls.has(key)) continue;
        const stream = this.streamOf(canvas);
        const call = stream && peer.call(canvasPeerId(agent), stream, { metadata: { canvas: i } });
        if (call) this.calls.set(key, call);
      }
    }
  }

  private streamOf(canvas: HTMLCanvasElement): MediaStream | null {
    let s = this.streams.get(canvas);
    if (!s && typeof canvas.captureStream === 'function') {
      s = canvas.captureStream(CANVAS_FPS);
      this.streams.set(canvas, s);
    }
    return s ?? null;
  }

  private hangUpAll(): void {
    for (const call of this.calls.values()) call.close();
    this.calls.clear();
  }

  stop(): void {
    if (this.timer) this.d.win.clearInterval(this.timer);
    this.timer = null;
    this.hangUpAll();
    for (const s of this.streams.values()) for (const t of s.getTracks()) t.stop();
    this.streams.clear();
    this.canvases = [];
  }
}
