import Fastify from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { every } from './every.ts';

afterEach(() => {
  vi.useRealTimers();
});

it('runs a task on ready and on every tick, never twice at once, logs a failure and stops on close', async () => {
  // Only the interval is faked: the test moves time itself instead of sleeping through real ticks.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const app = Fastify({ logger: false });
  const warnings: string[] = [];
  app.log.warn = ((_obj: unknown, msg: string) => {
    warnings.push(msg);
  }) as unknown as typeof app.log.warn;
  let passes = 0;
  let inFlight = 0;
  let overlapped = false;
  let finishPass = () => {};
  every(app, 'test sweep', 5, async () => {
    passes += 1;
    inFlight += 1;
    if (inFlight > 1) overlapped = true;
    await new Promise<void>((resolve) => {
      finishPass = resolve; // the test decides when a pass ends: it may outlast many ticks
    });
    inFlight -= 1;
    if (passes === 2) throw new Error('boom');
  });
  // One turn of the event loop (setImmediate is real): the ended pass's promise chain runs to its end.
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  expect(passes).toBe(0);
  await app.ready();
  expect(passes).toBe(1);
  vi.advanceTimersByTime(50); // ten ticks while the first pass still runs: none starts another
  expect(passes).toBe(1);
  finishPass();
  await settled();

  vi.advanceTimersByTime(5);
  expect(passes).toBe(2);
  finishPass(); // this pass fails
  await settled();
  expect(warnings).toContain('test sweep failed');

  vi.advanceTimersByTime(5); // and the next tick tries again
  expect(passes).toBe(3);
  finishPass();
  await settled();
  expect(inFlight).toBe(0);

  await app.close();
  vi.advanceTimersByTime(50);
  expect(passes).toBe(3);
  expect(overlapped).toBe(false);
});
