import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from a fast in-memory answer to a slow upload or sweep. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * This process's metrics (ADR 0052): one registry per app, so each process exposes what it alone did and
 * Prometheus adds processes up. Every label takes values from a short fixed set (route patterns, methods,
 * status codes, operation names), never from the client, so a hostile client cannot grow the series.
 * Modules report through `app.metrics` (its instruments below); gauges that are read rather than counted
 * (live sockets, database pool) register a `collect` callback, run just before each scrape.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const collectors: Array<() => void> = [];
  const refreshers: Array<() => Promise<void>> = [];
  const registers = [registry];
  return {
    registry,
    /** Runs `sample` before every scrape, to set gauges from state another part holds. */
    collect(sample: () => void) {
      collectors.push(sample);
    },
    /** Awaits `refresh` before every scrape, for gauges that need an asynchronous look (readiness). */
    beforeScrape(refresh: () => Promise<void>) {
      refreshers.push(refresh);
    },
    async render(): Promise<string> {
      await Promise.all(refreshers.map((refresh) => refresh().catch(() => undefined)));
      for (const sample of collectors) sample();
      return registry.metrics();
    },
    build: new Gauge({
      name: 'atrium_build_info',
      help: 'Always 1; its labels name the build this process runs (release, version) and its Node.js, to follow a rolling upgrade.',
      labelNames: ['release', 'version', 'node'] as const,
      registers,
    }),
    http: {
      requests: new Counter({
        name: 'atrium_http_requests_total',
        help: 'HTTP requests answered, by route pattern (unmatched paths: "unmatched"), method and status.',
        labelNames: ['method', 'route', 'status'] as const,
        registers,
      }),
      duration: new Histogram({
        name: 'atrium_http_request_duration_seconds',
        help: 'Time from request to answer, by route pattern and method.',
        labelNames: ['method', 'route'] as const,
        buckets: LATENCY_BUCKETS,
        registers,
      }),
    },
    ingest: {
      batches: new Counter({
        name: 'atrium_ingest_batches_total',
        help: 'Tracker batches accepted (stored, or acknowledged as a retry).',
        registers,
      }),
      bytes: new Counter({
        name: 'atrium_ingest_bytes_total',
        help: 'Bytes of accepted tracker batches as received (compressed or not).',
        registers,
      }),
      rejections: new Counter({
        name: 'atrium_ingest_rejections_total',
        help: 'Tracker batches refused, by status (401 token, 413 size, 429 rate, 503 busy…).',
        labelNames: ['status'] as const,
        registers,
      }),
    },
    parsePool: {
      queueDepth: new Gauge({
        name: 'atrium_parse_pool_queue_depth',
        help: 'Ingest batches waiting for a parse worker.',
        registers,
      }),
      wait: new Histogram({
        name: 'atrium_parse_pool_wait_seconds',
        help: 'Time a batch waited in the parse queue before a worker took it.',
        buckets: LATENCY_BUCKETS,
        registers,
      }),
      parse: new Histogram({
        name: 'atrium_parse_pool_parse_seconds',
        help: 'Time a worker spent parsing a batch (refused ones included).',
        buckets: LATENCY_BUCKETS,
        registers,
      }),
    },
    assist: {
      sockets: new Gauge({
        name: 'atrium_assist_sockets',
        help: 'Live-assist sockets connected to this process.',
        registers,
      }),
      refusedHandshakes: new Counter({
        name: 'atrium_assist_refused_handshakes_total',
        help: 'Relay handshakes refused, by code (unauthorized, forbidden, bad_handshake, too_many_sockets, rate_limited, too_many_handshakes).',
        labelNames: ['code'] as const,
        registers,
      }),
      rooms: new Gauge({
        name: 'atrium_assist_rooms',
        help: 'Live-assist session rooms with a socket on this process.',
        registers,
      }),
    },
    readiness: new Gauge({
      name: 'atrium_readiness',
      help: 'Readiness per dependency this process needs: 1 answers, 0 failed (as of the last probe, run at each scrape).',
      labelNames: ['dependency'] as const,
      registers,
    }),
    database: {
      query: new Histogram({
        name: 'atrium_db_query_duration_seconds',
        help: 'PostgreSQL queries outside transactions, from asking to the answer (pool wait included), by outcome.',
        labelNames: ['outcome'] as const,
        buckets: LATENCY_BUCKETS,
        registers,
      }),
      poolWait: new Histogram({
        name: 'atrium_db_pool_wait_seconds',
        help: 'Time a query or transaction waited for a pooled PostgreSQL connection, by outcome (ok, failed).',
        labelNames: ['outcome'] as const,
        buckets: LATENCY_BUCKETS,
        registers,
      }),
    },
    databasePool: new Gauge({
      name: 'atrium_db_pool_connections',
      help: 'PostgreSQL pool connections by state: total, idle, waiting (queries queued for a connection).',
      labelNames: ['state'] as const,
      registers,
    }),
    blobStore: new Histogram({
      name: 'atrium_blob_store_duration_seconds',
      help: 'Blob store calls (disk or S3) by operation and outcome.',
      labelNames: ['operation', 'outcome'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    retention: {
      runs: new Counter({
        name: 'atrium_retention_sweep_runs_total',
        help: 'Recording retention sweeps, by outcome (ok, failed).',
        labelNames: ['outcome'] as const,
        registers,
      }),
      removed: new Counter({
        name: 'atrium_retention_sweep_removed_total',
        help: 'Recordings removed by the retention sweep for being past RECORDING_RETENTION_DAYS.',
        registers,
      }),
      lastSuccess: new Gauge({
        name: 'atrium_retention_sweep_last_success_seconds',
        help: 'Unix time of the last sweep that finished.',
        registers,
      }),
    },
    compaction: {
      runs: new Counter({
        name: 'atrium_compaction_runs_total',
        help: 'Passes of the recording compaction sweep, by outcome (ok, failed).',
        labelNames: ['outcome'] as const,
        registers,
      }),
      sessions: new Counter({
        name: 'atrium_compaction_sessions_total',
        help: 'Ended recordings compacted, by outcome (compacted; failed: retried once its claim lapses).',
        labelNames: ['outcome'] as const,
        registers,
      }),
      lastSuccess: new Gauge({
        name: 'atrium_compaction_last_success_seconds',
        help: 'Unix time of the last compaction pass that finished.',
        registers,
      }),
      objects: new Counter({
        name: 'atrium_compaction_objects_total',
        help: 'Objects written by compaction (a tab’s batches in order, up to 4 MB each).',
        registers,
      }),
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
