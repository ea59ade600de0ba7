// Spec §9: click and input labels are cut to 100 characters.
export const LABEL_LIMIT = 100;

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim().slice(0, LABEL_LIMIT);

/** The element a click is about: the nearest clickable ancestor, else the target itself. */
export function clickTarget(el: Element): Element {
  return el.closest('button,a,[role="button"],input,select,textarea,label,summary,[onclick]') ?? el;
}

/** An attribute's value unless the page asked to mask that attribute (masked data never leaves the browser). */
const attr = (el: Element, name: string, masked: ReadonlySet<string>) =>
  masked.has(name) ? null : el.getAttribute(name);

export function clickLabel(el: Element, masked: ReadonlySet<string> = new Set()): string {
  const h = el as HTMLElement & { value?: string; alt?: string };
  const input =
    el.tagName === 'INPUT' && ['button', 'submit', 'reset'].includes((el as HTMLInputElement).type);
  return clean(
    attr(el, 'aria-label', masked) ||
      (input ? h.value : '') ||
      attr(el, 'title', masked) ||
      attr(el, 'alt', masked) ||
      el.textContent,
  );
}

export function inputLabel(el: Element, masked: ReadonlySet<string> = new Set()): string {
  const doc = el.ownerDocument;
  const id = el.getAttribute('id');
  const byFor = id ? doc.querySelector(`label[for="${CSS.escape(id)}"]`) : null;
  const wrapping = el.closest('label');
  return clean(
    attr(el, 'aria-label', masked) ||
      byFor?.textContent ||
      wrapping?.textContent ||
      attr(el, 'placeholder', masked) ||
      attr(el, 'name', masked),
  );
}

/** A short CSS path: `#id` when there is one, else up to four `tag:nth-of-type(n)` steps. */
export function selectorOf(el: Element): string {
  const parts: string[] = [];
  let cur: Element | null = el;
  for (let i = 0; cur && i < 4; i++) {
    if (cur.id) {
      parts.unshift(`#${CSS.escape(cur.id)}`);
      break;
    }
    const tag = cur.tagName.toLowerCase();
    const parent: Element | null = cur.parentElement;
    if (!parent) {
      parts.unshift(tag);
      break;
    }
    const same = Array.from(parent.children).filter((c) => c.tagName === cur!.tagName);
    parts.unshift(same.length > 1 ? `${tag}:nth-of-type(${same.indexOf(cur) + 1})` : tag);
    cur = parent;
  }
  return parts.join('>');
}
