import { MessageType } from '@atrium/protocol/tracker/messages';
import type { App } from '../app.ts';
import { inputLabel } from '../lib/describe-element.ts';
import { listen } from '../lib/listen.ts';
import { maskInputValue, maskText } from '../lib/masking.ts';
import { nodeIdOf } from './dom.ts';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isField = (t: EventTarget | null): t is Field =>
  t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement;

// Typing is recorded when the user pauses this long (or leaves the field), not per keystroke: less data, and
// half-typed values (an e-mail before its '@' makes it obscured in plain mode) are not stored one by one.
export const INPUT_IDLE_MS = 700;

/**
 * Input changes, masked in the browser (spec §5). A text value is recorded once the user pauses typing, on
 * change / blur, and before the page is hidden or left; checkboxes, radios and selects at once.
 */
export function inputModule(app: App): () => void {
  const w = app.env.window;
  const doc = w.document;
  const due = new Map<Field, number>(); // field → when its value is recorded
  const last = new WeakMap<Field, string>();
  const maskedAttrs = new Set(app.options.maskAttributes);
  const record = (el: Field) => {
    const raw =
      el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')
        ? String(el.checked)
        : el.value;
    if (last.get(el) === raw) return;
    last.set(el, raw);
    const { value, masked } = maskInputValue(el, raw, app.options);
    app.send([
      MessageType.InputChange,
      nodeIdOf(el),
      value,
      masked,
      maskText(el, inputLabel(el, maskedAttrs), app.options),
    ]);
  };
  const flush = (all: boolean) => {
    const now = Date.now();
    for (const [el, at] of due) {
      if (!all && at > now) continue;
      due.delete(el);
      record(el);
    }
  };
  const typed = (el: Field) =>
    el instanceof HTMLTextAreaElement ||
    (el instanceof HTMLInputElement && el.type !== 'checkbox' && el.type !== 'radio');
  const onInput = (ev: Event) => {
    const el = ev.target;
    if (isField(el)) due.set(el, typed(el) ? Date.now() + INPUT_IDLE_MS : 0);
  };
  const onDone = (ev: Event) => {
    const el = ev.target;
    if (isField(el) && due.has(el)) due.set(el, 0);
  };
  // Registered before the app's own page-hide listeners (modules start first): the values join the last commit.
  const flushAll = () => flush(true);
  const offs = [
    listen(doc, 'input', onInput),
    listen(doc, 'change', onDone),
    listen(doc, 'focusout', onDone),
    listen(doc, 'visibilitychange', () => doc.visibilityState === 'hidden' && flushAll()),
    listen(w, 'pagehide', flushAll),
    app.onTick(() => flush(false)),
  ];
  return () => {
    for (const off of offs) off();
    due.clear();
  };
}
