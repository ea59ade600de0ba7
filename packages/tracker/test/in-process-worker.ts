import { compactMutation } from '@atrium/protocol/tracker/compact-mutation';
import type { WorkerLike } from '../src/worker/create-worker.ts';
import { type WorkerScope, workerMain } from '../src/worker/worker-main.ts';
import type { ToMain, ToWorker } from '../src/worker/worker-messages.ts';

/**
 * The real upload worker code, run in-process for unit tests where no Worker exists (happy-dom): messages are
 * structured-cloned and delivered asynchronously both ways, as a real worker would.
 */
export function inProcessWorker(): WorkerLike & { terminated: boolean } {
  const scope: WorkerScope = {
    onmessage: null,
    postMessage: (m: ToMain) =>
      queueMicrotask(() => worker.onmessage?.({ data: structuredClone(m) } as MessageEvent<ToMain>)),
    fetch: (...args) => globalThis.fetch(...args),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  };
  const worker = {
    terminated: false,
    onmessage: null as WorkerLike['onmessage'],
    postMessage(d: ToWorker) {
      const copy = structuredClone(d);
      queueMicrotask(() => scope.onmessage?.({ data: copy }));
    },
    terminate() {
      this.terminated = true;
      scope.onmessage = null;
    },
  };
  workerMain(scope, compactMutation);
  return worker;
}
