import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/errors.ts';
import type { BatchLimits, ParsedBatch } from './parse-batch.ts';

export interface BatchParserPool {
  /**
   * Parses in a worker thread. The recorded session and the client address may each have few jobs in flight:
   * sessions are free to start, so the address bound is what stops one client from filling the shared queue.
   */
  parse(
    raw: Uint8Array,
    encoding: string,
    client: { session: string; address: string },
  ): Promise<ParsedBatch>;
  close(): Promise<void>;
}

interface Pending {
  id: number;
  raw: Uint8Array;
  encoding: string;
  /** The counters this job holds a place in: `s:<session>` and `a:<address>`. */
  keys: [string, string];
  /** performance.now() when queued, then when a worker took it (for the pool's report). */
  at: number;
  resolve: (parsed: ParsedBatch) => void;
  reject: (error: Error) => void;
}

type Reply =
  | { id: number; ok: true; parsed: ParsedBatch }
  | { id: number; ok: false; refusal: { status: number; code: string; message: string } };

export interface ParsePoolReport {
  depth(queued: number): void;
  waited(seconds: number): void;
  parsed(seconds: number): void;
}

// From source (tsx) the worker thread must register tsx first; the production build (ADR 0075) puts the
// compiled worker beside the bundle that runs, so no TypeScript loader is needed there.
const BOOT = import.meta.url.endsWith('.ts')
  ? new URL('./parse-batch-worker-boot.mjs', import.meta.url)
  : new URL('./parse-batch-worker.js', import.meta.url);
/** A job is bounded by its limits to tens of milliseconds; one that runs this long is cut off. */
const JOB_TIMEOUT_MS = 10_000;

/**
 * A few worker threads that parse ingest batches (ADR 0011). The event loop only moves bytes: a hostile
 * client can keep at most `maxPerAddress` jobs queued (`maxPerSession` per session it started), and all
 * clients together at most `maxQueue`, so a
 * flood of costly batches waits its turn in the worker while sign-ins and page loads are answered at once.
 */
export function createBatchParserPool(opts: {
  size: number;
  maxQueue: number;
  /** Jobs one recorded session may have queued or running. */
  maxPerSession: number;
  /** Jobs one client address may have queued or running, whatever sessions it started. */
  maxPerAddress: number;
  limits: BatchLimits;
  /** Told the queue's depth as it changes, each job's wait and each parse's time (seconds), for /metrics. */
  report?: ParsePoolReport;
}): BatchParserPool {
  const queue: Pending[] = [];
  const perClient = new Map<string, number>();
  const idle: Worker[] = [];
  const busy = new Map<Worker, { job: Pending; timer: NodeJS.Timeout }>();
  let workers = 0;
  let nextId = 1;
  let closed = false;

  const settle = (job: Pending) => {
    for (const key of job.keys) {
      const n = (perClient.get(key) ?? 1) - 1;
      if (n <= 0) perClient.delete(key);
      else perClient.set(key, n);
    }
  };

  const spawn = () => {
    const worker = new Worker(BOOT);
    workers++;
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const current = busy.get(worker);
      if (!current || current.job.id !== reply.id) return;
      clearTimeout(current.timer);
      busy.delete(worker);
      settle(current.job);
      opts.report?.parsed((performance.now() - current.job.at) / 1000);
      if (reply.ok) current.job.resolve(reply.parsed);
      else current.job.reject(new AppError(reply.refusal.status, reply.refusal.code, reply.refusal.message));
      idle.push(worker);
      pump();
    });
    let gone = false;
    const lost = (error: Error) => {
      if (gone) return; // 'error' is followed by 'exit'
      gone = true;
      const current = busy.get(worker);
      busy.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      workers--;
      if (current) {
        clearTimeout(current.timer);
        settle(current.job);
        current.job.reject(error);
      }
      if (!closed) pump();
    };
    worker.on('error', (error) => lost(error));
    worker.on('exit', () => lost(new AppError(503, 'busy', '伺服器忙碌中，請稍後再試')));
    return worker;
  };

  const pump = () => {
    while (queue.length > 0) {
      let worker = idle.pop();
      if (!worker && workers < opts.size) worker = spawn();
      if (!worker) return;
      const job = queue.shift() as Pending;
      const now = performance.now();
      opts.report?.waited((now - job.at) / 1000);
      opts.report?.depth(queue.length);
      job.at = now;
      const timer = setTimeout(() => {
        // Cut off: the worker is replaced, the client is told its batch was too costly.
        const current = busy.get(worker as Worker);
        busy.delete(worker as Worker);
        if (current) {
          settle(current.job);
          current.job.reject(new AppError(413, 'payload_too_costly', '資料過於複雜，無法處理'));
        }
        void (worker as Worker).terminate();
      }, JOB_TIMEOUT_MS);
      busy.set(worker, { job, timer });
      worker.postMessage({ id: job.id, raw: job.raw, encoding: job.encoding, limits: opts.limits });
    }
  };

  return {
    parse(raw, encoding, client) {
      if (closed) return Promise.reject(new AppError(503, 'busy', '伺服器忙碌中，請稍後再試'));
      const keys: [string, string] = [`s:${client.session}`, `a:${client.address}`];
      if (
        (perClient.get(keys[0]) ?? 0) >= opts.maxPerSession ||
        (perClient.get(keys[1]) ?? 0) >= opts.maxPerAddress
      ) {
        return Promise.reject(new AppError(429, 'rate_limited', '上傳過於頻繁，請稍後再試'));
      }
      if (queue.length >= opts.maxQueue) {
        return Promise.reject(new AppError(503, 'busy', '伺服器忙碌中，請稍後再試'));
      }
      for (const key of keys) perClient.set(key, (perClient.get(key) ?? 0) + 1);
      return new Promise<ParsedBatch>((resolve, reject) => {
        queue.push({ id: nextId++, raw, encoding, keys, at: performance.now(), resolve, reject });
        opts.report?.depth(queue.length);
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new AppError(503, 'busy', '伺服器忙碌中，請稍後再試'));
      opts.report?.depth(0);
      const all = [...idle, ...busy.keys()];
      for (const { timer } of busy.values()) clearTimeout(timer);
      await Promise.all(all.map((w) => w.terminate()));
    },
  };
}
