import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Service } from '../../config.ts';
import { patientTimeout } from './patient-timeout.ts';

/** `not_required`: this process's services work without it, so it is not checked (issue 31). */
export type CheckResult = 'ok' | 'failed' | 'not_configured' | 'not_required';
export type Dependency = 'database' | 'blobs' | 'redis';

/**
 * A check that neither answers nor fails within this long counts as failed: a balancer must not wait. Counted
 * as time the process was able to watch (patientTimeout), so a starved CPU delays the answer, not fails it.
 */
const CHECK_TIMEOUT_MS = 2000;
// One key per process: processes sharing a bucket never put and delete the same object at once (s3rver, for
// one, fails on that race), and probes of one process never overlap (sharedReadiness).
const PROBE_KEY = `health/ready-probe-${randomUUID()}`;

function within(work: () => Promise<unknown>): Promise<CheckResult> {
  const timeout = patientTimeout(CHECK_TIMEOUT_MS);
  const done = work().then(
    (): CheckResult => 'ok',
    (): CheckResult => 'failed',
  );
  return Promise.race([done, timeout.then((): CheckResult => 'failed')]).finally(timeout.cancel);
}

/**
 * What this process's services cannot work without (issue 31): every service needs the database; ingest
 * stores batches in the bucket; assist shares its rooms through Redis when REDIS_URL is set. The portal works
 * without the bucket (avatars aside) and rate limits fall back per process without Redis, so a web-only process
 * stays in rotation when those fail — pulling it would turn a recordings outage into a full one.
 */
export function requiredDependencies(services: readonly Service[], redisConfigured: boolean): Dependency[] {
  const needed: Dependency[] = ['database'];
  if (services.includes('ingest')) needed.push('blobs');
  if (redisConfigured && services.includes('assist')) needed.push('redis');
  return needed;
}

/** Checks what this process needs (requiredDependencies), all at once, each bounded. */
export async function readiness(app: FastifyInstance) {
  const { pingRedis } = app;
  const needed = requiredDependencies(app.config.services, Boolean(pingRedis));
  const run = (name: Dependency, check: () => Promise<unknown>): Promise<CheckResult> =>
    needed.includes(name) ? within(check) : Promise.resolve('not_required');
  const [database, blobs, redis] = await Promise.all([
    run('database', () => app.db.execute(sql`select 1`)),
    run('blobs', async () => {
      await app.blobs.put(PROBE_KEY, Buffer.from('ok'), 'text/plain');
      await app.blobs.delete(PROBE_KEY);
    }),
    pingRedis ? run('redis', pingRedis) : Promise.resolve<CheckResult>('not_configured'),
  ]);
  const checks = { database, blobs, redis };
  const failed = (Object.keys(checks) as Dependency[]).filter((name) => checks[name] === 'failed');
  for (const name of needed) app.metrics.readiness.set({ dependency: name }, checks[name] === 'ok' ? 1 : 0);
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
