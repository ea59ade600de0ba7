import {
  AGENT_NAME_MAX,
  CALL_TIMER_REFRESH_MS,
  CONFIRM_Z_INDEX,
  REMOTE_VIDEO_CHECK_MS,
} from '@atrium/protocol/assist';
import { cutName } from './agent-pointer.ts';
import type { CallTexts } from './options.ts';
import { ownOverlay } from './own-overlay.ts';

/**
 * The built-in call window (spec 2 §2). A replacement template keeps the `data-assist` hooks; its `tile`
 * (an agent's video, paused placeholder and name) is copied for each agent on the call. A template without
 * one shows every agent's stream in its one `remote-video`.
 */
export const CALL_UI_TEMPLATE = `<!doctype html><html><head><meta charset="utf-8"><style>
body{margin:0;font:13px/1.4 system-ui,sans-serif;color:#fff;background:#202124;user-select:none}
#w{display:inline-block;min-width:200px}
header{display:flex;justify-content:space-between;gap:8px;padding:6px 8px;cursor:move;background:#303134}
.v{position:relative;display:flex;flex-wrap:wrap;width:240px;min-height:180px;background:#000}
.t{position:relative;width:240px;height:180px}
.v video{width:100%;height:100%;object-fit:cover}
.v video.l{position:absolute;right:6px;bottom:6px;width:64px;height:48px;border:1px solid #fff;background:#333}
.p{position:absolute;inset:0;display:none;align-items:center;justify-content:center;padding:12px;text-align:center;background:rgba(0,0,0,.7);cursor:pointer}
.n{display:none;position:absolute;left:4px;top:4px;max-width:calc(100% - 20px);padding:1px 6px;border-radius:4px;background:rgba(0,0,0,.6);white-space:nowrap;overflow:hidden}
.m{width:320px}.m .t{width:160px;height:120px}.m .n{display:block}
nav,.rc{display:flex;gap:6px;padding:6px 8px;flex-wrap:wrap}
.rc{display:none;border-top:1px solid #444;align-items:center;justify-content:space-between}
button{font:inherit;border:0;border-radius:4px;padding:4px 8px;cursor:pointer;background:#5f6368;color:#fff}
button[data-assist=end],button[data-assist=end-control]{background:#c5221f}
</style></head><body><div id="w">
<header data-assist="drag"><span data-assist="agent-name"></span><span data-assist="timer">00:00</span></header>
<div class="v"><div class="t" data-assist="tile"><video data-assist="remote-video" autoplay playsinline></video>
<div class="p" data-assist="paused"></div><span class="n" data-assist="tile-name"></span></div>
<video class="l" data-assist="local-video" autoplay playsinline muted></video></div>
<nav><button data-assist="mute"></button><button data-assist="video"></button><button data-assist="end"></button></nav>
<div class="rc" data-assist="control-row"><span data-assist="control-label"></span><button data-assist="end-control"></button></div>
</div></body></html>`;

export const formatDuration = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

export interface CallWindowHandlers {
  toggleAudio(): boolean;
  toggleVideo(): Promise<boolean>;
  end(): void;
  endControl(): void;
}

/** One agent's video in the call window; `el` is null with a template that has no `tile` hook. */
interface Tile {
  el: HTMLElement | null;
  v: HTMLVideoElement | null;
  p: HTMLElement | null;
}

/**
 * The call window: an iframe at the bottom right, draggable by its header, 200×200 until its content is
 * laid out, then sized to it; the timer is refreshed every 500 ms and each agent's video checked every 1 s
 * (a paused video shows its placeholder, a click resumes it). One tile per agent: a single agent fills the
 * window as ever; two or more are shown 160×120 two to a row, each named, so the window fits a 375 px phone.
 */
export class CallWindow {
  readonly iframe: HTMLIFrameElement;
  private doc: Document | null = null;
  private timers: ReturnType<typeof setInterval>[] = [];
  private muted = false;
  private videoOn = false;
  /** The template's tile, detached: copied for each agent joining. */
  private proto: HTMLElement | null = null;
  private box: HTMLElement | null = null;
  private anchor: Node | null = null;
  private readonly tiles = new Map<string, Tile>();

  constructor(
    win: Window,
    private readonly texts: CallTexts,
    private readonly handlers: CallWindowHandlers,
    template = CALL_UI_TEMPLATE,
  ) {
    const f = win.document.createElement('iframe');
    f.dataset.assist = 'call-window';
    ownOverlay(f);
    f.title = texts.endCall;
    f.style.cssText = `position:fixed;right:16px;bottom:16px;width:200px;height:200px;max-width:calc(100vw - 32px);border:0;border-radius:8px;box-shadow:0 4px 20px rgba(0,0,0,.4);z-index:${CONFIRM_Z_INDEX - 1};background:#202124`;
    win.document.body.append(f);
    this.iframe = f;
    const doc = f.contentDocument;
    if (!doc) return;
    doc.open();
    doc.write(template);
    doc.close();
    this.doc = doc;
    this.wire(doc);
  }

  private q<T extends Element = HTMLElement>(hook: string): T | null {
    return (this.doc?.querySelector(`[data-assist="${hook}"]`) as T | null) ?? null;
  }

  private wire(doc: Document): void {
    const t = this.texts;
    const set = (hook: string, text: string) => {
      const el = this.q(hook);
      if (el) {
        el.textContent = text;
        if (el.tagName === 'BUTTON') el.setAttribute('aria-label', text);
      }
    };
    set('end', t.endCall);
    set('end-control', t.endControl);
    set('control-label', t.remoteControl);
    set('paused', t.pausedVideo);
    this.renderToggles();
    this.q('mute')?.addEventListener('click', () => {
      this.muted = !this.handlers.toggleAudio();
      this.renderToggles();
    });
    this.q('video')?.addEventListener('click', () => {
      void this.handlers.toggleVideo().then((on) => {
        this.videoOn = on;
        this.renderToggles();
      });
    });
    this.q('end')?.addEventListener('click', () => this.handlers.end());
    this.q('end-control')?.addEventListener('click', () => this.handlers.endControl());
    const tile = this.q('tile');
    if (tile) {
      this.proto = tile;
      this.box = tile.parentElement;
      this.anchor = tile.nextSibling;
      tile.remove();
    }
    this.draggable(doc);
    this.fit();
  }

  private renderToggles(): void {
    const t = this.texts;
    const mute = this.q('mute');
    if (mute) mute.textContent = this.muted ? t.unmute : t.mute;
    const video = this.q('video');
    if (video) video.textContent = this.videoOn ? t.videoOff : t.videoOn;
  }

  /** Sizes the iframe to its content once laid out (it starts at 200×200). */
  fit(): void {
    const w = this.doc?.getElementById('w');
    if (!w) return;
    const r = w.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) {
      this.iframe.style.width = `${Math.ceil(r.width)}px`;
      this.iframe.style.height = `${Math.ceil(r.height)}px`;
    }
  }

  private draggable(doc: Document): void {
    const handle = this.q('drag');
    if (!handle) return;
    handle.addEventListener('mousedown', (down: MouseEvent) => {
      down.preventDefault();
      const f = this.iframe;
      const start = f.getBoundingClientRect();
      const offX = down.clientX;
      const offY = down.clientY;
      const move = (e: MouseEvent) => {
        // Events inside the iframe are in its coordinates; the iframe moves with them.
        const r = f.getBoundingClientRect();
        const left = Math.max(0, r.left + e.clientX - offX);
        const top = Math.max(0, r.top + e.clientY - offY);
        f.style.left = `${left}px`;
        f.style.top = `${top}px`;
        f.style.right = 'auto';
        f.style.bottom = 'auto';
      };
      const up = () => {
        doc.removeEventListener('mousemove', move);
        doc.removeEventListener('mouseup', up);
      };
      f.style.left = `${start.left}px`;
      f.style.top = `${start.top}px`;
      doc.addEventListener('mousemove', move);
      doc.addEventListener('mouseup', up);
    });
  }

  /**
   * A new agent's tile, before the local video; the placeholder's click resumes this agent's video. Without
   * a `tile` hook every agent gets the template's one video (its placeholder listened to once per agent).
   */
  private tile(): Tile {
    const el = (this.proto?.cloneNode(true) as HTMLElement | undefined) ?? null;
    if (el) this.box?.insertBefore(el, this.anchor);
    const root = el ?? this.doc;
    const v = root?.querySelector<HTMLVideoElement>('[data-assist="remote-video"]') ?? null;
    const p = root?.querySelector<HTMLElement>('[data-assist="paused"]') ?? null;
    p?.addEventListener('click', () => void v?.play());
    return { el, v, p };
  }

  /**
   * The agents on the call by id, in the order they joined: the header names them all and each has a tile
   * named after them, each name cut at 20 characters (spec 2 §2). An agent no longer listed loses its tile.
   */
  setAgents(agents: [string, string | null][]): void {
    const hook = this.q('agent-name');
    const doc = this.doc;
    if (!hook || !doc) return;
    hook.replaceChildren();
    for (const [id, t] of this.tiles)
      if (!agents.some(([a]) => a === id)) {
        t.el?.remove();
        this.tiles.delete(id);
      }
    agents.forEach(([id, n], i) => {
      const name = cutName(n, AGENT_NAME_MAX.callWindow);
      if (i > 0) hook.append(doc.createTextNode(', '));
      const span = doc.createElement('span');
      span.dataset.assist = 'agent';
      span.textContent = name;
      hook.append(span);
      const t = this.tiles.get(id) ?? this.tile();
      this.tiles.set(id, t);
      const label = t.el?.querySelector('[data-assist="tile-name"]');
      // A lone agent is named by the header only, as the window always did.
      if (label) label.textContent = agents.length > 1 ? name : '';
      t.v?.setAttribute('aria-label', name);
    });
    this.box?.classList.toggle('m', this.tiles.size > 1);
    this.fit();
  }

  /** Starts the timer and the remote-video check; `startedAt` survives reloads (session storage). */
  start(startedAt: number): void {
    const timer = this.q('timer');
    const tick = () => {
      if (timer) timer.textContent = formatDuration(Date.now() - startedAt);
    };
    tick();
    this.timers.push(setInterval(tick, CALL_TIMER_REFRESH_MS));
    this.timers.push(
      setInterval(() => {
        for (const { v, p } of this.tiles.values())
          if (v && p) p.style.display = v.srcObject && v.paused ? 'flex' : 'none';
      }, REMOTE_VIDEO_CHECK_MS),
    );
    this.fit();
  }

  setLocalStream(s: MediaStream, videoOn: boolean): void {
    const v = this.q<HTMLVideoElement>('local-video');
    if (v) v.srcObject = s;
    this.videoOn = videoOn;
    this.renderToggles();
  }

  setRemoteStream(agentId: string, s: MediaStream): void {
    const v = this.tiles.get(agentId)?.v;
    if (!v) return;
    v.srcObject = s;
    void v.play?.()?.catch(() => undefined);
    this.fit();
  }

  /** An agent turned their camera off or on (`videofeed`): that agent's video is hidden meanwhile. */
  remoteVideo(agentId: string, enabled: boolean): void {
    const v = this.tiles.get(agentId)?.v;
    if (v) v.style.visibility = enabled ? 'visible' : 'hidden';
  }

  showControl(on: boolean): void {
    const row = this.q('control-row');
    if (row) row.style.display = on ? 'flex' : 'none';
    this.fit();
  }

  remove(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    this.iframe.remove();
  }
}
