import type pg from 'pg';

/** Told how long a pooled connection took to get, and how long a query took (both in seconds). */
export interface DatabaseObserver {
  poolWait(seconds: number, ok: boolean): void;
  query(seconds: number, ok: boolean): void;
}

const since = (start: number) => (performance.now() - start) / 1000;

/**
 * Times the pool's two doors: `connect` (every query and transaction waits there for a connection) and
 * `query` outside transactions (drizzle's promise form). Callback forms are passed through, timed only at
 * `connect`. The observer is set once metrics exist (`observe`), after the pool is opened.
 */
export function timePool(pool: pg.Pool) {
  let observer: DatabaseObserver | undefined;
  const connect = pool.connect.bind(pool) as (cb?: (...a: unknown[]) => void) => unknown;
  pool.connect = ((callback?: (err: Error | undefined, ...rest: unknown[]) => void) => {
    const start = performance.now();
    if (typeof callback === 'function')
      return connect((err: unknown, ...rest: unknown[]) => {
        observer?.poolWait(since(start), !err);
        callback(err as Error | undefined, ...rest);
      });
    return (connect() as Promise<pg.PoolClient>).then(
      (client) => {
        observer?.poolWait(since(start), true);
        return client;
      },
      (error: unknown) => {
        observer?.poolWait(since(start), false);
        throw error;
      },
    );
  }) as typeof pool.connect;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function') return query(...args);
    const start = performance.now();
    return (query(...args) as Promise<unknown>).then(
      (result) => {
        observer?.query(since(start), true);
        return result;
      },
      (error: unknown) => {
        observer?.query(since(start), false);
        throw error;
      },
    );
  }) as typeof pool.query;
  return (next: DatabaseObserver) => {
    observer = next;
  };
}
