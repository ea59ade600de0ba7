import type { UploadableBlobStore } from '../../lib/create-blob-store.ts';
import type { Metrics } from './create-metrics.ts';

const TIMED = ['put', 'putIfAbsent', 'get', 'stream', 'delete', 'deletePrefix'] as const;

/**
 * The same store, each call's time observed by operation and outcome; what it answers is untouched.
 * `onFailure` hears every failed call (the log, throttled by the caller).
 */
export function timedBlobStore<S extends UploadableBlobStore>(
  store: S,
  metrics: Metrics,
  onFailure?: (operation: string, error: unknown) => void,
): S {
  const timed = { ...store };
  for (const operation of TIMED) {
    const call = store[operation] as (...args: unknown[]) => Promise<unknown>;
    (timed as Record<string, unknown>)[operation] = async (...args: unknown[]) => {
      const end = metrics.blobStore.startTimer({ operation });
      try {
        const result = await call.apply(store, args);
        end({ outcome: 'ok' });
        return result;
      } catch (error) {
        end({ outcome: 'failed' });
        onFailure?.(operation, error);
        throw error;
      }
    };
  }
  return timed;
}
