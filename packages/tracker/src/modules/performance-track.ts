import { MessageType, PERFORMANCE_WINDOW_MS } from '@atrium/protocol/tracker/messages';
import type { App } from '../app.ts';
import { listen } from '../lib/listen.ts';

/**
 * PerformanceTrack every 2 s of visible page: animation frames (fps), the app's ticks that ran (a busy
 * main thread runs fewer) and the JS heap. Off by default: the frame loop costs the page main-thread time.
 */
export function performanceTrackModule(app: App): (() => void) | undefined {
  if (!app.options.capturePerformanceTrack) return undefined;
  const w = app.env.window;
  const doc = w.document;
  const perf = w.performance as Performance & {
    memory?: { totalJSHeapSize: number; usedJSHeapSize: number };
  };
  // zone.js (Angular) would run change detection after every frame of a patched requestAnimationFrame.
  const raf =
    (w as unknown as Record<string, typeof requestAnimationFrame>).__zone_symbol__requestAnimationFrame ??
    w.requestAnimationFrame;
  let on = true;
  let frames = 0;
  let ticks = 0;
  let t0 = 0;
  const reset = () => {
    frames = ticks = 0;
    t0 = perf.now();
  };
  const frame = () => {
    if (!on) return;
    frames++;
    raf.call(w, frame);
  };
  reset();
  raf.call(w, frame);
  const offs = [
    // A hidden page draws no frames and its timers are throttled: its time is left out of every window.
    listen(doc, 'visibilitychange', reset),
    app.onTick(() => {
      if (doc.hidden) return;
      ticks++;
      const span = perf.now() - t0;
      if (span < PERFORMANCE_WINDOW_MS) return;
      // Scaled to exactly 2 s, so a window that a blocked main thread stretched still reads right.
      const k = PERFORMANCE_WINDOW_MS / span;
      const m = perf.memory;
      app.send([
        MessageType.PerformanceTrack,
        Math.round(frames * k),
        Math.round(ticks * k),
        m?.totalJSHeapSize ?? 0,
        m?.usedJSHeapSize ?? 0,
      ]);
      reset();
    }),
  ];
  return () => {
    on = false;
    for (const off of offs) off();
  };
}
