/** addEventListener that returns its teardown (every listener the tracker installs is released by stop()). */
export function listen<K extends string>(
  target: EventTarget,
  type: K,
  fn: (ev: Event) => void,
  options: AddEventListenerOptions = { capture: true, passive: true },
): () => void {
  target.addEventListener(type, fn, options);
  return () => target.removeEventListener(type, fn, options);
}
