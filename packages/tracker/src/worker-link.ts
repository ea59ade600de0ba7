import type { App } from './app.ts';
import type { SessionInfo } from './start-response.ts';
import type { WorkerLike } from './worker/create-worker.ts';
import type { ToMain, ToWorker } from './worker/worker-messages.ts';

// A blob worker answers within milliseconds; a busy page or machine gets ample slack.
const WORKER_ANSWER_MS = 5000;

/** The page's side of the upload worker: made on first need, checked with a ping, spoken to in its messages. */
export class WorkerLink {
  worker: WorkerLike | null = null;
  private checked = false;
  private listeners = new Set<(m: ToMain) => void>();

  constructor(private readonly app: App) {}

  ensure(): WorkerLike | null {
    if (this.worker) return this.worker;
    const worker = this.app.env.createWorker();
    if (!worker) return null;
    worker.onmessage = (ev) => {
      for (const fn of this.listeners) fn(ev.data);
    };
    this.worker = worker;
    return worker;
  }

  onMessage(fn: (m: ToMain) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  post(m: ToWorker): void {
    this.worker?.postMessage(m);
  }

  /** Whether the worker runs: it answers a ping (a worker the page's CSP blocked never does). */
  answers(): Promise<boolean> {
    const worker = this.worker;
    if (!worker) return Promise.resolve(false);
    if (this.checked) return Promise.resolve(true);
    return new Promise((resolve) => {
      let timer = 0;
      const finish = (ok: boolean) => {
        off();
        this.app.natives.clearTimeout(timer);
        if (worker.onerror !== undefined) worker.onerror = null;
        this.checked = ok;
        resolve(ok);
      };
      const off = this.onMessage((m) => {
        if (m.type === 'pong') finish(true);
      });
      timer = this.app.natives.setTimeout(() => finish(false), WORKER_ANSWER_MS);
      if ('onerror' in worker) worker.onerror = () => finish(false);
      worker.postMessage({ type: 'ping' });
    });
  }

  /** A worker that never answered: gone, so the next start makes a new one. */
  drop(): void {
    this.worker?.terminate();
    this.worker = null;
    this.checked = false;
  }

  /** The worker's upload begins: where to, for which tab and page. */
  begin(pageNo: number, timestamp: number, url: string, tabId: string): void {
    const o = this.app.options;
    this.post({
      type: 'start',
      pageNo,
      ingestPoint: o.ingestPoint,
      timestamp,
      url,
      connAttemptCount: o.connAttemptCount,
      connAttemptGap: o.connAttemptGap,
      maxQueuedBytes: o.memoryCap,
      tabId,
    });
  }

  /** The session's token and the server's upload limits (after a start or a renewal). */
  auth(session: SessionInfo): void {
    this.post({
      type: 'auth',
      token: session.token,
      beaconSizeLimit: session.beaconSizeLimit,
      compressionThreshold: session.compressionThreshold,
    });
  }

  /** Frees the worker once it has sent its last batches (it answers the stop with 'stopped'). */
  release(): void {
    const worker = this.worker;
    this.worker = null;
    if (worker) {
      const prev = worker.onmessage;
      worker.onmessage = (ev) => {
        prev?.call(worker, ev);
        if (ev.data.type === 'stopped') worker.terminate();
      };
    }
  }
}
