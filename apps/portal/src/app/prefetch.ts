/**
 * Loads a screen's code while the browser is idle, so the likely next screen opens without a wait
 * (ADR 0016). The import is the same one the route's `lazy` calls: the module is fetched once.
 * Skipped when the user asked to save data.
 */
export function prefetchWhenIdle(...loaders: (() => Promise<unknown>)[]): () => void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return () => {};
  const run = () => {
    for (const load of loaders) load().catch(() => {});
  };
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1500);
  return () => clearTimeout(id);
}
