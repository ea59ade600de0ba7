import type { Page } from 'playwright-core';

/**
 * Asks `probe` every 500 ms until `done` accepts its answer, which it returns; throws after `timeoutMs`.
 * For hooks, where vitest's expect.poll is not allowed.
 */
export async function until<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`still not there after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Waits until the portal's tracker records `page`: the tracker keeps its one instance on window (its
 * single-instance guard), and isActive() turns true once the ingest has answered the start.
 */
export async function untilRecording(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (
        window as unknown as { __atriumTrackerInstance?: { isActive(): boolean } }
      ).__atriumTrackerInstance?.isActive() === true,
    undefined,
    { timeout: 30_000 },
  );
}
