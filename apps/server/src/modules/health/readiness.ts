import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export type CheckResult = 'ok' | 'failed' | 'not_configured';

/** A check that neither answers nor fails within this long counts as failed: a balancer must not wait. */
const CHECK_TIMEOUT_MS = 2000;
// One key per process: processes sharing a bucket never put and delete the same object at once (s3rver, for
// one, fails on that race), and probes of one process never overlap (sharedReadiness).
const PROBE_KEY = `health/ready-probe-${randomUUID()}`;

function within<T>(work: () => Promise<T>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('failed'), CHECK_TIMEOUT_MS);
  });
  const done = work().then(
    (): CheckResult => 'ok',
    (): CheckResult => 'failed',
  );
  return Promise.race([done, timeout]).finally(() => clearTimeout(timer));
}

/**
 * What this process needs to serve: the database answers a query, the blob store takes a write (and
 * deletes it), Redis answers a PING when REDIS_URL is set. All three run at once, each bounded.
 */
export async function readiness(app: FastifyInstance) {
  const { pingRedis } = app;
  const [database, blobs, redis] = await Promise.all([
    within(() => app.db.execute(sql`select 1`)),
    within(async () => {
      await app.blobs.put(PROBE_KEY, Buffer.from('ok'), 'text/plain');
      await app.blobs.delete(PROBE_KEY);
    }),
    pingRedis ? within(pingRedis) : Promise.resolve<CheckResult>('not_configured'),
  ]);
  const checks = { database, blobs, redis };
  const failed = (Object.keys(checks) as Array<keyof typeof checks>).filter(
    (name) => checks[name] === 'failed',
  );
  return { ready: failed.length === 0, checks, failed };
}

/** Probes of one process are shared for this long: a balancer's checks and a hostile client's alike. */
export const READY_CACHE_MS = 1000;
const recent = new WeakMap<
  FastifyInstance,
  { at: number; pending: boolean; result: ReturnType<typeof readiness> }
>();

/**
 * Readiness as callers see it: at most one probe per READY_CACHE_MS per process, and never two at once
 * (callers share the one in flight), so how often it is asked never turns into blob writes and queries at
 * that rate.
 */
export function sharedReadiness(app: FastifyInstance, now = Date.now()) {
  const last = recent.get(app);
  if (last && (last.pending || now - last.at < READY_CACHE_MS)) return last.result;
  const entry = { at: now, pending: true, result: readiness(app) };
  void entry.result.finally(() => {
    entry.pending = false;
  });
  recent.set(app, entry);
  return entry.result;
}
