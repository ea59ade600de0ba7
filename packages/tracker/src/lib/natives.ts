/**
 * Unpatched MutationObserver and timers. zone.js (Angular) patches them, and every callback of ours would
 * then trigger change detection, endlessly (rrweb #469, #1384). zone.js keeps the originals under
 * `__zone_symbol__<name>`; without zone.js the page's own functions are native.
 */
export interface Natives {
  MutationObserver: typeof MutationObserver;
  setTimeout: (fn: () => void, ms?: number) => number;
  clearTimeout: (id: number) => void;
  setInterval: (fn: () => void, ms?: number) => number;
  clearInterval: (id: number) => void;
}

export function getNatives(w: Window & typeof globalThis): Natives {
  const anyW = w as unknown as Record<string, unknown>;
  const pick = <T>(name: string): T => (anyW[`__zone_symbol__${name}`] ?? anyW[name]) as T;
  const st = pick<typeof setTimeout>('setTimeout');
  const ct = pick<typeof clearTimeout>('clearTimeout');
  const si = pick<typeof setInterval>('setInterval');
  const ci = pick<typeof clearInterval>('clearInterval');
  return {
    MutationObserver: pick<typeof MutationObserver>('MutationObserver'),
    setTimeout: (fn, ms) => st.call(w, fn, ms) as unknown as number,
    clearTimeout: (id) => ct.call(w, id),
    setInterval: (fn, ms) => si.call(w, fn, ms) as unknown as number,
    clearInterval: (id) => ci.call(w, id),
  };
}
