import { MessageType } from '@atrium/protocol/tracker/messages';
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
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

// web-vitals cannot unregister its observers; they are registered once per page and our callback turns inert
// after stop(), so a restart does not register them again.
let current: App | null = null;
let registered = false;

/** Web vitals through the `web-vitals` package, rated by spec §9. */
export function vitalsModule(app: App): (() => void) | undefined {
  if (!app.options.captureVitals) return undefined;
  current = app;
  if (!registered) {
    registered = true;
    const report = (m: Metric) => {
      const value = m.name === 'CLS' ? Math.round(m.value * 1000) / 1000 : Math.round(m.value);
      current?.send([MessageType.WebVital, m.name, value, rateVital(m.name, m.value)]);
    };
    // reportAllChanges: false — one final value each; CLS/INP/LCP are reported when the page is hidden.
    onFCP(report);
    onLCP(report);
    onCLS(report);
    onINP(report);
    onTTFB(report);
  }
  return () => {
    if (current === app) current = null;
  };
}
