import { compactMutation } from '@atrium/protocol/tracker/compact-mutation';
import { workerMain } from './worker-main.ts';
import type { ToMain, ToWorker } from './worker-messages.ts';

/** What the tracker needs of a worker; a real Worker fits, and so does the in-process one of the tests. */
export interface WorkerLike {
  postMessage(data: ToWorker): void;
  onmessage: ((ev: MessageEvent<ToMain>) => void) | null;
  /** A real Worker reports here when its script cannot load (e.g. CSP without `blob:`). */
  onerror?: ((ev: Event) => void) | null;
  terminate(): void;
}

/** A Blob worker built from workerMain's source: runs under `worker-src blob:`; null when Worker is blocked. */
export function createBlobWorker(): WorkerLike | null {
  try {
    const src = `(${workerMain.toString()})(self, ${compactMutation.toString()})`;
    const url = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
    const worker = new Worker(url);
    // The worker has read its source once it runs; revoking later keeps memory flat.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return worker as unknown as WorkerLike;
  } catch {
    return null;
  }
}
