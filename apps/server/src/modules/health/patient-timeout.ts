/** How often the watch looks, and the most one look may count: a late look was a stalled process. */
const TICK_MS = 100;
const MOST_PER_TICK_MS = 2 * TICK_MS;

/**
 * Resolves after `ms` of time this process could actually watch: each tick counts at most twice its length,
 * so while the event loop is starved (a loaded machine, a long GC) the deadline moves with it. A plain timer
 * fired on waking and failed checks whose answers were already waiting (issue 31: CPU starvation alone made
 * every process unready).
 */
export function patientTimeout(ms: number): Promise<void> & { cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  let cancelled = false;
  const promise = new Promise<void>((resolve) => {
    let counted = 0;
    let last = performance.now();
    const tick = () => {
      if (cancelled) return;
      const now = performance.now();
      counted += Math.min(now - last, MOST_PER_TICK_MS);
      last = now;
      if (counted >= ms) resolve();
      else timer = setTimeout(tick, TICK_MS);
    };
    timer = setTimeout(tick, TICK_MS);
  });
  return Object.assign(promise, {
    cancel: () => {
      cancelled = true;
      clearTimeout(timer);
    },
  });
}
