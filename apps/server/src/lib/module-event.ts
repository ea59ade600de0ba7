/**
 * What a lower module announces so that a higher one can react without being imported (ADR 0080): the
 * higher module subscribes from the composition root (connect-modules.ts). Listeners run one after the
 * other and are awaited; a failure reaches the announcer, so a half-done change fails loudly.
 */
export interface ModuleEvent<E> {
  on(listener: (event: E) => Promise<unknown>): () => void;
  emit(event: E): Promise<void>;
}

export function moduleEvent<E>(): ModuleEvent<E> {
  const listeners = new Set<(event: E) => Promise<unknown>>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async emit(event) {
      for (const listener of listeners) await listener(event);
    },
  };
}
