/**
 * The upload worker: batching, gzip, upload with the Bearer token, beaconSizeLimit, ordered retry with
 * backoff, token renewal and the spec's `start / auth / stop / forceFlushBatch / q_end` messages.
 *
 * It is ONE self-contained function: the tracker turns `workerMain.toString()` into a Blob worker
 * (allowed by `worker-src blob:`), so any bundler that consumes our ESM source keeps working. Nothing
 * inside may reference an import or a module-level binding: only globals and its own locals.
 */
import type { ToMain, ToWorker } from './worker-messages.ts';

export interface WorkerScope {
  postMessage(data: ToMain): void;
  onmessage: ((ev: { data: ToWorker }) => void) | null;
  fetch: typeof fetch;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

/**
 * `compact` (protocol's compactMutation, passed in as source text in a Blob worker) rewrites rrweb mutation
 * events to their compact wire form here, off the page's main thread (ADR 0021).
 */
export function workerMain(scope: WorkerScope, compact: (text: string) => string = (t) => t): void {
  // 20 MB of queued JSON by default: past this the oldest batches are dropped and the recording says so.
  let maxQueuedBytes = 20_000_000;
  // 64 KB: the browser's keepalive quota for requests outliving the page.
  const KEEPALIVE_LIMIT = 65_000;
  const FLUSH_INTERVAL_MS = 10_000;
  const RECORDER_DEGRADED = 36;

  type Batch = {
    batchId: string;
    pageNo: number;
    seq: number;
    messages: string[];
    size: number;
    attempts: number;
  };
  let cfg: {
    pageNo: number;
    ingestPoint: string;
    tabId: string;
    timestamp: number;
    url: string;
    connAttemptCount: number;
    connAttemptGap: number;
  } | null = null;
  let token: string | null = null;
  let beaconSizeLimit = 1_000_000;
  let compressionThreshold = Number.POSITIVE_INFINITY;
  let current: string[] = [];
  let currentSize = 2;
  let seq = 0;
  const queue: Batch[] = [];
  let queuedBytes = 0;
  let sending = false;
  let waitingAuth = false;
  let retryTimer: unknown = null;
  let flushTimer: unknown = null;
  let dropped = 0;
  let gapDropped = 0;
  const GAP_NOTE = `[${RECORDER_DEGRADED},"upload-backlog"`;
  let failedInARow = 0;

  const post = (m: ToMain) => scope.postMessage(m);

  function reset() {
    if (retryTimer) scope.clearTimeout(retryTimer);
    if (flushTimer) scope.clearTimeout(flushTimer);
    retryTimer = flushTimer = null;
    cfg = null;
    token = null;
    current = [];
    currentSize = 2;
    seq = 0;
    queue.length = 0;
    queuedBytes = 0;
    sending = false;
    waitingAuth = false;
    dropped = 0;
    gapDropped = 0;
    failedInARow = 0;
  }

  function scheduleFlush() {
    if (flushTimer || !cfg) return;
    flushTimer = scope.setTimeout(() => {
      flushTimer = null;
      finishBatch();
      pump(false);
    }, FLUSH_INTERVAL_MS);
  }

  function finishBatch() {
    if (!cfg || current.length === 0) return;
    const b = { batchId: `${cfg.tabId}-${cfg.pageNo}-${seq}`, pageNo: cfg.pageNo, seq, messages: current };
    seq += 1;
    current = [];
    currentSize = 2;
    enqueue(b);
  }

  /** A finished batch: from our own batching (offline upload) or, in a live session, cut by the page. */
  function enqueue(u: { batchId: string; pageNo: number; seq: number; messages: string[] }) {
    if (dropped > 0) {
      u.messages.unshift(
        JSON.stringify([
          RECORDER_DEGRADED,
          'upload-backlog',
          `dropped ${dropped} messages: rejected by the server`,
        ]),
      );
      dropped = 0;
    }
    const messages = u.messages.map(compact);
    const b: Batch = { ...u, messages, size: messages.reduce((n, m) => n + m.length + 1, 2), attempts: 0 };
    queue.push(b);
    queuedBytes += b.size;
    // Memory cap: drop the oldest batches after the one in flight, and keep one note of the gap (with the
    // running count) at the head of the batch that follows it; ask for a full snapshot to resume from.
    let droppedNow = 0;
    const droppedIds: string[] = [];
    while (queuedBytes > maxQueuedBytes && queue.length > 2) {
      const old = queue.splice(1, 1)[0]!;
      queuedBytes -= old.size;
      droppedIds.push(old.batchId);
      droppedNow += old.messages.filter((m) => !m.startsWith(GAP_NOTE)).length;
    }
    if (droppedNow > 0) {
      gapDropped += droppedNow;
      const next = queue[1]!;
      const note = `${GAP_NOTE},"dropped ${gapDropped} messages: server unreachable"]`;
      if (next.messages[0]?.startsWith(GAP_NOTE)) next.messages[0] = note;
      else next.messages.unshift(note);
      post({ type: 'dropped', batchIds: droppedIds });
      post({ type: 'snapshot' });
    }
  }

  function addCommit(commit: string[]) {
    // The main thread sends JSON text: sizes are known and batches are built by concatenation.
    for (const msg of commit) {
      const size = msg.length + 1;
      if (currentSize + size > beaconSizeLimit && current.length > 0) finishBatch();
      current.push(msg);
      currentSize += size;
    }
    if (currentSize >= beaconSizeLimit) finishBatch();
    scheduleFlush();
  }

  async function gzip(text: string): Promise<Uint8Array | null> {
    const CS = (globalThis as { CompressionStream?: typeof CompressionStream }).CompressionStream;
    if (!CS) return null;
    const stream = new Blob([text]).stream().pipeThrough(new CS('gzip'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  async function sendOne(b: Batch, keepalive: boolean, c = cfg, auth = token): Promise<number> {
    if (!c || !auth) return -1;
    const head = JSON.stringify({ batchId: b.batchId, tabId: c.tabId, pageNo: b.pageNo, seq: b.seq });
    const body = `${head.slice(0, -1)},"messages":[${b.messages.join(',')}]}`;
    const headers: Record<string, string> = {
      Authorization: `Bearer ${auth}`,
      'Content-Type': 'application/json',
    };
    let payload: BodyInit = body;
    if (body.length > compressionThreshold) {
      const gz = await gzip(body);
      if (gz) {
        payload = gz as unknown as BodyInit;
        headers['Content-Encoding'] = 'gzip';
      }
    }
    const size = typeof payload === 'string' ? payload.length : (payload as Uint8Array).byteLength;
    try {
      // Spelled out, not protocol's batchUrl(): this function runs from its own source text in a Blob worker,
      // where nothing it imports exists. The batch id in the query lets the server skip a retry unread.
      const url = `${c.ingestPoint}/v1/web/i?batch=${encodeURIComponent(b.batchId)}`;
      const res = await scope.fetch(url, {
        method: 'POST',
        headers,
        body: payload,
        keepalive: keepalive && size <= KEEPALIVE_LIMIT,
      });
      return res.status;
    } catch {
      return 0;
    }
  }

  function retryLater() {
    failedInARow += 1;
    const gap = cfg?.connAttemptGap ?? 500;
    const delay = Math.min(30_000, gap * 2 ** Math.min(failedInARow - 1, 8));
    if (cfg && failedInARow === cfg.connAttemptCount)
      post({ type: 'failure', reason: 'ingest unreachable, still retrying' });
    retryTimer = scope.setTimeout(() => {
      retryTimer = null;
      pump(false);
    }, delay);
  }

  async function pump(keepalive: boolean): Promise<void> {
    if (sending || waitingAuth || !token || !cfg || retryTimer) return;
    const b = queue[0];
    if (!b) return;
    sending = true;
    const status = await sendOne(b, keepalive);
    sending = false;
    if (!cfg) return; // stopped meanwhile
    if (status >= 200 && status < 300) {
      queue.shift();
      queuedBytes -= b.size;
      failedInARow = 0;
      gapDropped = 0; // a later gap starts after this batch: its note counts afresh
      post({ type: 'sent', batchId: b.batchId, messages: b.messages.length });
      if (queue.length > 0) return pump(keepalive);
      post({ type: 'idle' });
      return;
    }
    if (status === 401) {
      // Token expired: the main thread re-runs start with the old token and sends `auth` again.
      waitingAuth = true;
      post({ type: 'restart' });
      return;
    }
    if (status === 413 && b.messages.length > 1) {
      const half = Math.ceil(b.messages.length / 2);
      const first: Batch = {
        ...b,
        batchId: `${b.batchId}.1`,
        messages: b.messages.slice(0, half),
        size: b.size / 2,
      };
      const second: Batch = {
        ...b,
        batchId: `${b.batchId}.2`,
        messages: b.messages.slice(half),
        size: b.size / 2,
      };
      queue.splice(0, 1, first, second);
      return pump(keepalive);
    }
    if (status === 413 || (status >= 400 && status < 500 && status !== 408 && status !== 429)) {
      // The server will never take it: drop it and say so in the next batch.
      queue.shift();
      queuedBytes -= b.size;
      dropped += b.messages.length;
      post({ type: 'dropped', batchIds: [b.batchId] });
      post({ type: 'failure', reason: `batch rejected with ${status}` });
      return pump(keepalive);
    }
    retryLater();
  }

  scope.onmessage = (ev) => {
    const data = ev.data;
    if (Array.isArray(data)) {
      if (cfg) addCommit(data as string[]);
      return;
    }
    switch (data.type) {
      case 'start':
        reset();
        cfg = {
          pageNo: data.pageNo,
          ingestPoint: data.ingestPoint,
          tabId: data.tabId,
          timestamp: data.timestamp,
          url: data.url,
          connAttemptCount: data.connAttemptCount,
          connAttemptGap: data.connAttemptGap,
        };
        maxQueuedBytes = data.maxQueuedBytes ?? 20_000_000;
        break;
      case 'ping':
        post({ type: 'pong' });
        break;
      case 'auth':
        token = data.token;
        if (data.beaconSizeLimit) beaconSizeLimit = data.beaconSizeLimit;
        if (data.compressionThreshold) compressionThreshold = data.compressionThreshold;
        waitingAuth = false;
        pump(false);
        break;
      case 'forceFlushBatch':
        finishBatch();
        if (retryTimer) {
          scope.clearTimeout(retryTimer);
          retryTimer = null;
        }
        pump(false);
        break;
      case 'batch':
        if (!cfg) break;
        enqueue(data.batch);
        pump(false);
        break;
      case 'resend':
        for (const u of data.batches.reverse()) {
          const messages = u.messages.map(compact);
          const size = messages.reduce((n, m) => n + m.length + 1, 2);
          queue.unshift({ ...u, messages, size, attempts: 0 });
          queuedBytes += size;
        }
        break;
      case 'q_end':
        // The page is being hidden or left: everything we hold, now, with keepalive. (The page keeps its own
        // copy of what we have not confirmed, and sends or stores it itself: we may not get the time.)
        finishBatch();
        if (retryTimer) {
          scope.clearTimeout(retryTimer);
          retryTimer = null;
        }
        pump(true);
        break;
      case 'stop': {
        // Forget the session now (a new start may follow at once); deliver what is left on the side.
        finishBatch();
        const pending = queue.splice(0);
        const c = cfg;
        const auth = token;
        reset();
        if (pending.length === 0 || !auth) {
          post({ type: 'stopped' });
          break;
        }
        void (async () => {
          for (const b of pending) await sendOne(b, true, c, auth);
          post({ type: 'stopped' });
        })();
        break;
      }
    }
  };
}
