/** A field of the learner's page as the mirror shows it: where keys typed on the mirror go. */
export interface MirrorField {
  /** The recorder's node id (spec 2 `focus`). */
  nodeId: number;
  /** Enter makes a new line (a textarea or an editable element), not nothing. */
  multiline: boolean;
  /** The value the mirror shows; '' when the recording masks it. */
  value: string;
  /** The recording hides or obscures its value (`*…`, a password): what the learner has is unknown. */
  masked: boolean;
  /** Its box in the learner's viewport CSS pixels. */
  box: { left: number; top: number; width: number; height: number };
}

const NOT_TEXT = new Set([
  'button',
  'submit',
  'reset',
  'checkbox',
  'radio',
  'file',
  'image',
  'hidden',
  'range',
  'color',
]);

/** The editable field at an element of the mirror's document (itself or the editable host around it), or null. */
export function mirrorField(target: Element, idOf: (n: Node) => number): MirrorField | null {
  const tag = target.tagName;
  let el: HTMLElement | null = null;
  let value = '';
  let multiline = true;
  if (tag === 'INPUT') {
    const input = target as HTMLInputElement;
    if (input.disabled || input.readOnly || NOT_TEXT.has(input.type)) return null;
    el = input;
    value = input.value;
    multiline = false;
  } else if (tag === 'TEXTAREA') {
    const area = target as HTMLTextAreaElement;
    if (area.disabled || area.readOnly) return null;
    el = area;
    value = area.value;
  } else {
    // The mirror is never editable itself (ADR 0074): the recorded attribute says what the learner's is.
    const host = target.closest<HTMLElement>('[contenteditable]:not([contenteditable="false"])');
    if (!host) return null;
    el = host;
    // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, line breaks included
    value = host.innerText;
  }
  const nodeId = idOf(el);
  if (nodeId < 0) return null;
  const masked = (tag === 'INPUT' && (el as HTMLInputElement).type === 'password') || /^\*+$/.test(value);
  if (masked) value = '';
  const r = el.getBoundingClientRect();
  return {
    nodeId,
    multiline,
    value,
    masked,
    box: { left: r.left, top: r.top, width: r.width, height: r.height },
  };
}
