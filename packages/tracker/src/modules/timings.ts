import { MessageType } from '@atrium/protocol/tracker/messages';
import type { App } from '../app.ts';
import { listen } from '../lib/listen.ts';

// Spec §9: page-load timings at load end or after 30 s; render timing after 30 s or 5 s of mouse idle.
const LOAD_TIMEOUT_MS = 30_000;
const RENDER_TIMEOUT_MS = 30_000;
const MOUSE_IDLE_MS = 5_000;

/** Page load and render timings from the Navigation, Paint, Resource and Long Task timing APIs. */
export function timingsModule(app: App): (() => void) | undefined {
  if (!app.options.capturePerformance) return undefined;
  const w = app.env.window;
  const perf = w.performance;
  const n = app.natives;
  const timers: number[] = [];
  const offs: (() => void)[] = [];
  let loadSent = false;
  let renderSent = false;
  let lastLongTaskEnd = 0;
  let observer: PerformanceObserver | null = null;
  try {
    observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        lastLongTaskEnd = Math.max(lastLongTaskEnd, e.startTime + e.duration);
    });
    observer.observe({ type: 'longtask', buffered: true });
  } catch {
    observer = null;
  }

  const paint = (name: string) => Math.round(perf.getEntriesByName(name)[0]?.startTime ?? 0);

  const sendLoad = () => {
    if (loadSent) return;
    const nav = perf.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (!nav) return;
    loadSent = true;
    const r = (v: number) => Math.max(0, Math.round(v));
    app.send([
      MessageType.PageLoadTiming,
      r(nav.requestStart),
      r(nav.responseStart),
      r(nav.responseEnd),
      r(nav.domContentLoadedEventStart),
      r(nav.domContentLoadedEventEnd),
      r(nav.loadEventStart),
      r(nav.loadEventEnd),
      paint('first-paint'),
      paint('first-contentful-paint'),
    ]);
  };

  const sendRender = () => {
    if (renderSent) return;
    renderSent = true;
    const fcp = paint('first-contentful-paint');
    // Visually complete: the last image/style/font that arrived; speed index as the mean of first and last paint.
    let visual = fcp;
    for (const e of perf.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      if (['img', 'css', 'link', 'image'].includes(e.initiatorType))
        visual = Math.max(visual, Math.round(e.responseEnd));
    }
    const nav = perf.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const tti = Math.round(Math.max(lastLongTaskEnd, nav?.domContentLoadedEventEnd ?? 0, fcp));
    app.send([MessageType.PageRenderTiming, Math.round((fcp + visual) / 2), visual, tti]);
    observer?.disconnect();
  };

  const onLoaded = () => n.setTimeout(sendLoad, 0);
  if (w.document.readyState === 'complete') onLoaded();
  else offs.push(listen(w, 'load', onLoaded));
  timers.push(n.setTimeout(sendLoad, LOAD_TIMEOUT_MS), n.setTimeout(sendRender, RENDER_TIMEOUT_MS));
  let idle = n.setTimeout(sendRender, MOUSE_IDLE_MS);
  offs.push(
    listen(w.document, 'mousemove', () => {
      if (renderSent) return;
      n.clearTimeout(idle);
      idle = n.setTimeout(sendRender, MOUSE_IDLE_MS);
    }),
  );
  return () => {
    for (const off of offs) off();
    for (const t of timers) n.clearTimeout(t);
    n.clearTimeout(idle);
    observer?.disconnect();
  };
}
