import { Replayer } from '@rrweb/replay';
import '@rrweb/replay/dist/style.css';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

export interface LivePlayerHandle {
  add(events: { type: number; data: unknown; timestamp: number }[]): void;
  /** Maps a point on screen to the learner's viewport (CSS pixels), or null outside the page. */
  toPage(clientX: number, clientY: number): [number, number] | null;
  /** The mirror's page canvases in document order (the plugin's own, `data-assist`, left out). */
  canvases(): HTMLCanvasElement[];
}

const FULL_SNAPSHOT = 2;
const META = 4;
/** How far behind the learner the live view plays, so batches arriving a little late still play in order. */
const LIVE_BUFFER_MS = 50;

/**
 * The learner's page, live: an rrweb Replayer in live mode fed with the streamed events. It starts at the
 * first Meta or full snapshot (the plugin restarts the tracker when an agent joins, so one follows soon).
 */
export const LivePlayer = forwardRef<LivePlayerHandle>(function LivePlayer(_props, ref) {
  const root = useRef<HTMLDivElement>(null);
  const replayer = useRef<Replayer | null>(null);

  useEffect(
    () => () => {
      replayer.current?.destroy();
      replayer.current = null;
    },
    [],
  );

  useImperativeHandle(ref, () => ({
    add(events) {
      for (const ev of events) {
        if (!replayer.current) {
          if ((ev.type !== META && ev.type !== FULL_SNAPSHOT) || !root.current) continue;
          const r = new Replayer([], {
            root: root.current,
            liveMode: true,
            mouseTail: false,
          });
          // rrweb plays an event `timestamp - baseline` after startLive: a baseline from the snapshot's own
          // timestamp would keep the snapshot's transit (~140 ms after the tracker restart) as a lag for the
          // whole session; from this clock it is 50 ms. A skewed agent clock is bounded by the old rule.
          r.startLive(Math.max(ev.timestamp, Date.now()) - LIVE_BUFFER_MS);
          replayer.current = r;
        }
        replayer.current.addEvent(ev as Parameters<Replayer['addEvent']>[0]);
      }
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
    canvases() {
      const doc = root.current?.querySelector('iframe')?.contentDocument;
      return [...(doc?.querySelectorAll('canvas') ?? [])].filter((c) => !c.hasAttribute('data-assist'));
    },
  }));

  return <div ref={root} className="assist-live-player" data-testid="live-player" />;
});
