/** Fields that already get a `change` when the learner leaves them after the agent typed. */
const changeOnBlur = new WeakSet<Element>();

type Win = Window & typeof globalThis;

/** The focused element, looked for inside open shadow roots too (a web component's own field). */
function focusedElement(doc: Document): Element | null {
  let el = doc.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

export function isEditable(el: Element): boolean {
  const tag = el.tagName;
  if (tag === 'TEXTAREA') return !(el as HTMLTextAreaElement).disabled;
  if (tag === 'INPUT') {
    const i = el as HTMLInputElement;
    return (
      !i.disabled && !['button', 'submit', 'reset', 'checkbox', 'radio', 'file', 'image'].includes(i.type)
    );
  }
  return (el as HTMLElement).isContentEditable === true;
}

/** What the edit did, as a browser's InputEvent says it (apps read `inputType` and `data`). */
function editOf(before: string, after: string): { inputType: string; data: string | null } {
  if (after.startsWith(before)) return { inputType: 'insertText', data: after.slice(before.length) };
  if (before.startsWith(after)) return { inputType: 'deleteContentBackward', data: null };
  return { inputType: 'insertReplacementText', data: after };
}

/**
 * Spec 2 §5: the agent's `input` (the field's whole new value) goes only into the focused field, as typing
 * would: `beforeinput` (the page may refuse it), the value through the element class's own setter (React
 * keeps an instance setter that would swallow the change), `input`, and `change` once the field is left.
 * Read-only fields and the plugin's own windows are left alone.
 */
export function applyAgentInput(win: Window, value: string): boolean {
  const el = focusedElement(win.document);
  if (!el || !isEditable(el) || el.closest('[data-assist]')) return false;
  const w = win as Win;
  const field = el instanceof w.HTMLInputElement || el instanceof w.HTMLTextAreaElement ? el : null;
  if (field?.readOnly) return false;
  const host = el as HTMLElement;
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, line breaks included, as the agent's value is
  const before = field ? field.value : host.innerText;
  if (before === value) return true;
  const edit = editOf(before, value);
  const init = { bubbles: true, composed: true, ...edit };
  if (!el.dispatchEvent(new w.InputEvent('beforeinput', { ...init, cancelable: true }))) return false;
  if (field) {
    const proto =
      field instanceof w.HTMLInputElement ? w.HTMLInputElement.prototype : w.HTMLTextAreaElement.prototype;
    const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
    if (setter) setter.call(field, value);
    else field.value = value;
  } else {
    // biome-ignore lint/performance/useDomNodeTextContent: line breaks become <br>, as a typed Enter would
    host.innerText = value;
  }
  el.dispatchEvent(new w.InputEvent('input', init));
  if (!changeOnBlur.has(el)) {
    changeOnBlur.add(el);
    el.addEventListener(
      'blur',
      () => {
        changeOnBlur.delete(el);
        el.dispatchEvent(new w.Event('change', { bubbles: true }));
      },
      { once: true },
    );
  }
  return true;
}
