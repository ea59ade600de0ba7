import { MessageType } from '@atrium/protocol/tracker/messages';
import type { App } from '../app.ts';

/**
 * Files the page loads (images, scripts, styles, fonts…) as ResourceTiming messages, OpenReplay's fields.
 * A PerformanceObserver callback per batch of entries: cheap, so it is on by default.
 */
export function resourcesModule(app: App): (() => void) | undefined {
  const { captureResourceTimings, ingestPoint, network } = app.options;
  const w = app.env.window;
  if (!captureResourceTimings || !w.PerformanceObserver) return undefined;
  const origin = w.performance.timeOrigin;
  const r = Math.round;
  const observer = new w.PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceResourceTiming & { responseStatus?: number })[]) {
      const { initiatorType: type, name, transferSize, encodedBodySize: size, decodedBodySize } = e;
      // fetch, XHR and beacons are the network module's (with method, status, headers): not twice. Our own
      // uploads are not the page's. data: and blob: URLs are the content itself (an image's bytes), never sent.
      if (
        /^(fetch|xmlhttprequest|beacon)$/.test(type) ||
        !name.startsWith('http') ||
        name.startsWith(ingestPoint)
      )
        continue;
      const start = r(origin + e.startTime);
      const duration = r(e.duration);
      const url = network.sanitizer
        ? network.sanitizer({
            requestType: type,
            method: 'GET',
            url: name,
            request: { headers: {}, body: null },
            response: { headers: {}, body: null },
            status: e.responseStatus ?? 0,
            startTime: start,
            duration,
            responseSize: size,
          })?.url
        : name;
      if (url === undefined) continue; // the sanitizer dropped it
      app.send([
        MessageType.ResourceTiming,
        start,
        duration,
        e.responseStart ? r(e.responseStart - e.startTime) : 0,
        transferSize > size ? transferSize - size : 0,
        size,
        decodedBodySize,
        url,
        type,
        transferSize,
        // Nothing transferred yet a body: from the cache (a hidden cross-origin size is 0 both ways, so no).
        e.responseStatus === 304 || (!transferSize && decodedBodySize > 0),
      ]);
    }
  });
  observer.observe({ type: 'resource', buffered: true });
  return () => observer.disconnect();
}
