import { MessageType } from '@atrium/protocol/tracker/messages';
import type { App } from '../app.ts';

/** Spec §9 thresholds (good / poor). */
export const VITAL_THRESHOLDS: Record<string, [number, number]> = {
  FCP: [1800, 3000],
  CLS: [0.1, 0.25],
  INP: [200, 500],
  LCP: [2500, 4000],
  TTFB: [800, 1800],
};

export function rateVital(name: string, value: number): 'good' | 'needs-improvement' | 'poor' {
  const t = VITAL_THRESHOLDS[name];
  if (!t) return 'good';
  return value <= t[0] ? 'good' : value > t[1] ? 'poor' : 'needs-improvement';
}

/** CLS as web-vitals computes it: the largest session window (shifts < 1 s apart, 5 s at most). */
export function clsOf(shifts: { startTime: number; value?: number }[]): number {
  let best = 0;
  let sum = 0;
  let first = 0;
  let last = 0;
  for (const s of shifts) {
    const v = s.value ?? 0;
    if (sum > 0 && s.startTime - last < 1000 && s.startTime - first < 5000) sum += v;
    else {
      sum = v;
      first = s.startTime;
    }
    last = s.startTime;
    best = Math.max(best, sum);
  }
  return best;
}

/** INP as web-vitals estimates it: the longest interaction, skipping one per 50 interactions (p98). */
export function inpOf(durations: number[]): number | null {
  if (durations.length === 0) return null;
  const sorted = [...durations].sort((a, b) => b - a);
  return sorted[Math.min(sorted.length - 1, Math.floor(durations.length / 50))]!;
}

type Entry = PerformanceEntry & { value?: number; hadRecentInput?: boolean; interactionId?: number };

/**
 * Web vitals (FCP, LCP, CLS, INP, TTFB) from the browser's performance entries, rated by spec §9. Our own
 * ~1 KB instead of the `web-vitals` package (~3 KB gzip): the tracker's bundle budget is 40 KB gzip (ADR 0021).
 * Like web-vitals without reportAllChanges: FCP, TTFB once; LCP once the visitor first interacts or the page
 * is hidden; CLS and INP whenever the page is hidden and they changed.
 */
export function vitalsModule(app: App): (() => void) | undefined {
  if (!app.options.captureVitals) return undefined;
  const w = app.env.window;
  const PO = w.PerformanceObserver;
  if (typeof PO !== 'function') return undefined;
  const sent = new Map<string, number>();
  const report = (name: string, raw: number) => {
    const value = name === 'CLS' ? Math.round(raw * 1000) / 1000 : Math.round(raw);
    if (sent.get(name) === value) return;
    sent.set(name, value);
    app.send([MessageType.WebVital, name, value, rateVital(name, raw)]);
  };
  // Metrics of a page that was hidden before they happened do not describe what the visitor saw.
  const hiddenAt = w.document.visibilityState === 'hidden' ? 0 : Number.POSITIVE_INFINITY;
  const observers: [PerformanceObserver, (entries: Entry[]) => void][] = [];
  const observe = (type: string, fn: (entries: Entry[]) => void, extra?: object) => {
    try {
      const po = new PO((list) => fn(list.getEntries() as Entry[]));
      po.observe({ type, buffered: true, ...extra } as PerformanceObserverInit);
      observers.push([po, fn]);
    } catch {
      // an entry type this browser does not know
    }
  };
  const nav = w.performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (nav && nav.responseStart > 0) report('TTFB', Math.max(0, nav.responseStart));
  observe('paint', (es) => {
    for (const e of es)
      if (e.name === 'first-contentful-paint' && e.startTime < hiddenAt) report('FCP', e.startTime);
  });
  let lcp: number | null = null;
  let lcpFinal = false;
  observe('largest-contentful-paint', (es) => {
    const e = es.at(-1);
    if (!lcpFinal && e && e.startTime < hiddenAt) lcp = e.startTime;
  });
  const shifts: Entry[] = [];
  observe('layout-shift', (es) => {
    for (const e of es) if (!e.hadRecentInput) shifts.push(e);
  });
  const interactions = new Map<number, number>();
  const onEvents = (es: Entry[]) => {
    for (const e of es)
      if (e.interactionId)
        interactions.set(e.interactionId, Math.max(interactions.get(e.interactionId) ?? 0, e.duration));
    // Only the longest ones matter: keep memory bounded on a page used for hours.
    if (interactions.size > 500) {
      const keep = [...interactions].sort((a, b) => b[1] - a[1]).slice(0, 100);
      interactions.clear();
      for (const [k, v] of keep) interactions.set(k, v);
    }
  };
  observe('event', onEvents, { durationThreshold: 40 });
  observe('first-input', onEvents);
  const finishLcp = () => {
    if (lcp !== null && !lcpFinal) report('LCP', lcp);
    lcpFinal = true;
  };
  const onHidden = () => {
    if (w.document.visibilityState !== 'hidden') return;
    // Entries still queued in an observer would be missed by a report made now.
    for (const [po, fn] of observers) fn(po.takeRecords() as Entry[]);
    finishLcp();
    if (shifts.length) report('CLS', clsOf(shifts));
    const inp = inpOf([...interactions.values()]);
    if (inp !== null) report('INP', inp);
  };
  const offs = ['keydown', 'click', 'pointerdown'].map((t) => {
    w.addEventListener(t, finishLcp, { capture: true, once: true });
    return () => w.removeEventListener(t, finishLcp, { capture: true });
  });
  w.document.addEventListener('visibilitychange', onHidden, true);
  return () => {
    for (const off of offs) off();
    w.document.removeEventListener('visibilitychange', onHidden, true);
    for (const [po] of observers) po.disconnect();
  };
}
