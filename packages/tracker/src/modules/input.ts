import { MessageType } from '@atrium/protocol/tracker/messages';
import type { App } from '../app.ts';
import { inputLabel } from '../lib/describe-element.ts';
import { listen } from '../lib/listen.ts';
import { maskInputValue, maskText } from '../lib/masking.ts';
import { nodeIdOf } from './dom.ts';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isField = (t: EventTarget | null): t is Field =>
  t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement;

/** Input changes, masked in the browser (spec §5), at most one per field per tick. */
export function inputModule(app: App): () => void {
  const doc = app.env.window.document;
  const pending = new Set<Field>();
  const last = new WeakMap<Field, string>();
  const maskedAttrs = new Set(app.options.maskAttributes);
  const flush = () => {
    for (const el of pending) {
      const raw =
        el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')
          ? String(el.checked)
          : el.value;
      if (last.get(el) === raw) continue;
      last.set(el, raw);
      const { value, masked } = maskInputValue(el, raw, app.options);
      app.send([
        MessageType.InputChange,
        nodeIdOf(el),
        value,
        masked,
        maskText(el, inputLabel(el, maskedAttrs), app.options),
      ]);
    }
    pending.clear();
  };
  const onInput = (ev: Event) => {
    if (isField(ev.target)) pending.add(ev.target);
  };
  const offs = [listen(doc, 'input', onInput), listen(doc, 'change', onInput), app.onTick(flush)];
  return () => {
    for (const off of offs) off();
    pending.clear();
  };
}
