import { ASSIST_OVERLAY_CLASS } from '@atrium/protocol/assist';
import { Replayer } from '@rrweb/replay';
import '@rrweb/replay/dist/style.css';
import {
  forwardRef,
  type ReactNode,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { type MirrorField, mirrorField } from './mirror-field.ts';
import { AdaptedCss } from './replay-css.ts';

export interface LivePlayerHandle {
  add(events: { type: number; data: unknown; timestamp: number }[]): void;
  /** Forgets the page shown (another tab is picked): the next Meta or full snapshot starts over. */
  reset(): void;
  /**
   * Makes the next Replayer (its sandboxed iframe) now, while the learner's tracker restarts, rather than
   * when its snapshot comes (call it once the relay has let this agent in: not while the socket connects).
   */
  prepare(): void;
  /** Maps a point on screen to the learner's viewport (CSS pixels), or null outside the page. */
  toPage(clientX: number, clientY: number): [number, number] | null;
  /** The mirror's page canvases in document order (the plugin's own, `data-assist`, left out). */
  canvases(): HTMLCanvasElement[];
  /** The learner's editable field the mirror shows at a point of the learner's viewport, or null. */
  fieldAt(x: number, y: number): MirrorField | null;
}

const FULL_SNAPSHOT = 2;
const META = 4;
/** Room left below the mirror, and the least height it gets however short the window. */
const BOTTOM_GAP_PX = 16;
const MIN_HEIGHT_PX = 240;

interface Size {
  width: number;
  height: number;
}

/** Every mirror's stylesheets as the Replayer rewrites them (see replay-css.ts), kept across mirrors. */
const adaptedCss = new AdaptedCss();

/**
 * A Replayer in live mode, not started: its sandboxed iframe is made (and hidden) while the learner's tracker
 * restarts, not after its snapshot has come. Its CSS rewrite is ours, not PostCSS's.
 */
function newReplayer(root: HTMLElement): Replayer {
  const r = new Replayer([], {
    root,
    liveMode: true,
    mouseTail: false,
    // A picked tab's kept events are older than the live baseline: rrweb applies such events
    // to its virtual DOM and copies that to the page only when a seek ends, which live mode
    // never does. Straight to the page, they show at once.
    useVirtualDom: false,
    // The plugin's own call window and pointer are the learner's, not the page's (ADR 0056).
    insertStyleRules: [`.${ASSIST_OVERLAY_CLASS}{display:none!important}`],
  });
  // rrweb reads its cache before rewriting a stylesheet: every miss is rewritten by adaptedCss itself.
  (r as unknown as { cache: { stylesWithHoverClass: Map<string, string> } }).cache = {
    stylesWithHoverClass: adaptedCss,
  };
  // The mirror only shows what the learner's recording says (ADR 0074): keys typed on it go to the
  // learner, never into the mirror's own fields. rrweb replays the learner's focus by focusing the mirror's
  // element, which would take the agent's keys away from the catcher: the mirror's elements never take focus.
  // Each snapshot opens the document anew, dropping its listeners.
  r.iframe.tabIndex = -1;
  const readOnly = () => {
    const win = r.iframe.contentWindow as (Window & typeof globalThis) | null;
    if (!win) return;
    for (const proto of [win.HTMLElement.prototype, win.SVGElement.prototype]) proto.focus = () => undefined;
    win.document.addEventListener('beforeinput', (e) => e.preventDefault(), true);
  };
  readOnly();
  r.on('fullsnapshot-rebuilded', readOnly);
  return r;
}

/** The room the mirror has: the stage's width, and the window's height below the stage's top. */
function roomOf(stage: HTMLElement): Size {
  const top = stage.getBoundingClientRect().top + window.scrollY;
  return {
    width: stage.clientWidth,
    height: Math.max(MIN_HEIGHT_PX, window.innerHeight - top - BOTTOM_GAP_PX),
  };
}

/**
 * The learner's page, live: an rrweb Replayer in live mode fed with the streamed events. It starts at the
 * first Meta or full snapshot (the plugin restarts the tracker when an agent joins, so one follows soon).
 * `fit` scales the learner's viewport down to the room the window leaves (never up); otherwise it is shown
 * 1:1 and the stage scrolls on its own, never the console behind it.
 */
/**
 * `overlay` is drawn over the learner's page in its own CSS pixels (it scales with the mirror); so is
 * `keyboard` (HTML: where keys typed on the mirror are caught).
 */
export const LivePlayer = forwardRef<
  LivePlayerHandle,
  { fit: boolean; overlay?: ReactNode; keyboard?: ReactNode }
>(function LivePlayer({ fit, overlay, keyboard }, ref) {
  const stage = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  /** The Replayer showing the learner's page (started at its first Meta or full snapshot). */
  const replayer = useRef<Replayer | null>(null);
  /** The next one, made ahead. */
  const ready = useRef<Replayer | null>(null);
  const [page, setPage] = useState<Size | null>(null);
  const [room, setRoom] = useState<Size>({ width: 0, height: 0 });

  useEffect(() => {
    return () => {
      replayer.current?.destroy();
      replayer.current = null;
      ready.current?.destroy();
      ready.current = null;
    };
  }, []);

  // Measured after every render (what sits above the stage may have grown) and on window or stage resizes.
  useLayoutEffect(() => {
    const el = stage.current;
    if (!el) return;
    const next = roomOf(el);
    setRoom((r) => (r.width === next.width && r.height === next.height ? r : next));
  });
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const measure = () => {
      const next = roomOf(el);
      setRoom((r) => (r.width === next.width && r.height === next.height ? r : next));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  useImperativeHandle(ref, () => ({
    add(events) {
      for (const ev of events) {
        if (!replayer.current) {
          if ((ev.type !== META && ev.type !== FULL_SNAPSHOT) || !root.current) continue;
          const r = ready.current ?? newReplayer(root.current);
          ready.current = null;
          r.on('resize', (d) => {
            const { width, height } = d as Size;
            if (width > 0 && height > 0) setPage({ width, height });
          });
          // rrweb plays an event `timestamp - baseline` after startLive: a baseline from the snapshot's own
          // timestamp would keep the snapshot's transit (~140 ms after the tracker restart) as a lag for the
          // whole session. From this clock an event plays as soon as it arrives; a buffer before it (50 ms
          // until 2026-11-25) only added its length, and more, to every change (ADR 0032). A skewed agent
          // clock is bounded by the old rule.
          r.startLive(Math.max(ev.timestamp, Date.now()));
          replayer.current = r;
        }
        replayer.current.addEvent(ev as Parameters<Replayer['addEvent']>[0]);
      }
    },
    reset() {
      if (!replayer.current) return; // nothing shown yet: the one made ahead stays
      replayer.current.destroy();
      replayer.current = null;
      root.current?.replaceChildren();
      if (root.current) ready.current = newReplayer(root.current);
      setPage(null);
    },
    prepare() {
      if (root.current && !replayer.current) ready.current ??= newReplayer(root.current);
    },
    toPage(clientX, clientY) {
      const iframe = root.current?.querySelector('iframe');
      if (!iframe) return null;
      const rect = iframe.getBoundingClientRect();
      const scaleX = rect.width / (iframe.offsetWidth || 1);
      const scaleY = rect.height / (iframe.offsetHeight || 1);
      const x = (clientX - rect.left) / scaleX;
      const y = (clientY - rect.top) / scaleY;
      if (x < 0 || y < 0 || x > iframe.offsetWidth || y > iframe.offsetHeight) return null;
      return [Math.round(x), Math.round(y)];
    },
    fieldAt(x, y) {
      const r = replayer.current;
      const hit = r?.iframe.contentDocument?.elementFromPoint(x, y);
      if (!r || !hit) return null;
      const mirror = r.getMirror();
      return mirrorField(hit, (n) => mirror.getId(n as Parameters<typeof mirror.getId>[0]));
    },
    canvases() {
      const doc = root.current?.querySelector('iframe')?.contentDocument;
      return [...(doc?.querySelectorAll('canvas') ?? [])].filter((c) => !c.hasAttribute('data-assist'));
    },
  }));

  const scale =
    fit && page && room.width > 0 ? Math.min(1, room.width / page.width, room.height / page.height) : 1;
  return (
    <div
      ref={stage}
      data-testid="live-stage"
      data-scale={scale.toFixed(3)}
      style={{
        overflow: fit ? 'hidden' : 'auto',
        overscrollBehavior: 'contain',
        height: page ? (fit ? page.height * scale : Math.min(page.height, room.height)) : undefined,
      }}
    >
      <div
        style={{
          position: 'relative',
          width: page?.width,
          height: page?.height,
          transform: scale === 1 ? undefined : `scale(${scale})`,
          transformOrigin: '0 0',
        }}
      >
        <div ref={root} className="assist-live-player" data-testid="live-player" />
        {page && overlay && (
          <svg
            aria-hidden="true"
            width={page.width}
            height={page.height}
            style={{ position: 'absolute', inset: 0, pointerEvents: 'none', zIndex: 10 }}
          >
            {overlay}
          </svg>
        )}
        {page && keyboard}
      </div>
    </div>
  );
});
