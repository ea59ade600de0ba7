import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { every } from './every.ts';

it('runs a task on ready and on every tick, never twice at once, logs a failure and stops on close', async () => {
  const app = Fastify({ logger: false });
  const warnings: string[] = [];
  app.log.warn = ((_obj: unknown, msg: string) => {
    warnings.push(msg);
  }) as unknown as typeof app.log.warn;
  let passes = 0;
  let inFlight = 0;
  let overlapped = false;
  every(app, 'test sweep', 5, async () => {
    passes += 1;
    inFlight += 1;
    if (inFlight > 1) overlapped = true;
    await new Promise((r) => setTimeout(r, 20)); // longer than the interval
    inFlight -= 1;
    if (passes === 2) throw new Error('boom');
  });
  expect(passes).toBe(0);
  await app.ready();
  await new Promise((r) => setTimeout(r, 120));
  await app.close();
  const after = passes;
  await new Promise((r) => setTimeout(r, 40));
  expect(after).toBeGreaterThanOrEqual(3);
  expect(passes).toBe(after);
  expect(overlapped).toBe(false);
  expect(warnings).toContain('test sweep failed');
});
