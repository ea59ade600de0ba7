import { MessageType } from '@atrium/protocol/tracker/messages';
import type { App } from '../app.ts';
import { listen } from '../lib/listen.ts';

/** Page location (one per page, also on SPA navigation), viewport size, window scroll and visibility. */
export function pageModule(app: App): () => void {
  const w = app.env.window;
  const doc = w.document;
  let url = '';
  let size = '';
  let scroll = '';
  let scrolled = true;
  let resized = true;
  const navStart = Math.round(w.performance.timeOrigin || Date.now());
  const check = () => {
    if (w.location.href !== url) {
      const referrer = url || doc.referrer;
      url = w.location.href;
      app.send([
        MessageType.SetPageLocation,
        url,
        referrer,
        url === w.location.href && !referrer ? navStart : Date.now(),
      ]);
    }
    if (resized) {
      resized = false;
      const s = `${w.innerWidth}x${w.innerHeight}`;
      if (s !== size) {
        size = s;
        app.send([MessageType.SetViewportSize, w.innerWidth, w.innerHeight]);
      }
    }
    if (scrolled) {
      scrolled = false;
      const s = `${w.scrollX},${w.scrollY}`;
      if (s !== scroll) {
        scroll = s;
        app.send([MessageType.SetViewportScroll, Math.round(w.scrollX), Math.round(w.scrollY)]);
      }
    }
  };
  check();
  const visibility = () => app.send([MessageType.PageVisibility, doc.visibilityState === 'hidden']);
  // A start waits for the page to be shown, but a cold start (or an offline recording) captures from the
  // page's load: one loaded behind another tab says so at once, or the replay's one timeline takes it for
  // the tab in front until its first visibility change (ADR 0070).
  if (doc.visibilityState === 'hidden') visibility();
  const offs = [
    app.onTick(check),
    listen(w, 'resize', () => {
      resized = true;
    }),
    listen(w, 'scroll', () => {
      scrolled = true;
    }),
    listen(doc, 'visibilitychange', visibility),
  ];
  return () => {
    for (const off of offs) off();
  };
}
