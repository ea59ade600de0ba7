import { InputMode, type ResolvedOptions } from '../options.ts';

/** Data attributes that hide (blank, never recorded) or obscure (text as `*`) an element and its subtree. */
export const HIDE_ATTR = 'data-atrium-hide';
export const OBSCURE_ATTR = 'data-atrium-obscure';
/** OpenReplay's names are honoured too, so pages instrumented for it keep their privacy. */
// `data-openreplay-htmlmasked`: OpenReplay records such an element without its content; a blocked element
// (an empty box of the same size) is the closest we have.
export const HIDE_SELECTOR = `[${HIDE_ATTR}],[data-openreplay-hidden],[data-openreplay-htmlmasked],.atrium-block`;
export const OBSCURE_SELECTOR = `[${OBSCURE_ATTR}],[data-openreplay-obscured],[data-openreplay-masked]`;
export const PRIVATE_SELECTOR = `${HIDE_SELECTOR},${OBSCURE_SELECTOR}`;
/** Per-input override: `data-atrium-input="plain|obscured|hidden"`. */
export const INPUT_MODE_ATTR = 'data-atrium-input';

const FOUR_DIGITS = /\d{4,}/;
const EMAIL_LIKE = /@/;
const DATE_TYPES = new Set(['date', 'datetime-local', 'month', 'week', 'time']);

/**
 * Every visible character becomes `*` and whitespace is dropped: an obscured card number or name must not
 * leak its digit groups or word lengths through its spacing.
 */
export const obscure = (text: string): string => text.replace(/\s+/g, '').replace(/./gsu, '*');

/** OpenReplay's `domSanitizer` answer: 0 plain, 1 obscured (text as `*`), 2 hidden (text blank). */
export const SanitizeLevel = { Plain: 0, Obscured: 1, Hidden: 2 } as const;
export type SanitizeLevel = (typeof SanitizeLevel)[keyof typeof SanitizeLevel];

function sanitizerLevel(el: Element | null, o: ResolvedOptions): SanitizeLevel {
  if (!el || !o.domSanitizer) return SanitizeLevel.Plain;
  try {
    return o.domSanitizer(el);
  } catch {
    return SanitizeLevel.Plain; // the page's function failing must not stop the recording
  }
}

function closestIn(el: Element | null, selector: string): boolean {
  try {
    return !!el?.closest(selector);
  } catch {
    return false;
  }
}

/** The mode an input is recorded in (spec §5). */
export function inputModeOf(el: Element, o: ResolvedOptions): InputMode {
  const type = (el.getAttribute('type') ?? '').toLowerCase();
  if (type === 'password' || closestIn(el, HIDE_SELECTOR)) return InputMode.Hidden;
  const level = sanitizerLevel(el, o);
  if (level === SanitizeLevel.Hidden) return InputMode.Hidden;
  const explicit = el.getAttribute(INPUT_MODE_ATTR);
  if (explicit === 'hidden') return InputMode.Hidden;
  if (explicit === 'obscured' || level === SanitizeLevel.Obscured || closestIn(el, OBSCURE_SELECTOR))
    return InputMode.Obscured;
  // An e-mail field holds an address whatever the value looks like while typed.
  if (type === 'email') return InputMode.Obscured;
  if (explicit === 'plain') return InputMode.Plain;
  return o.defaultInputMode;
}

/** The value as it may leave the browser, and whether it was changed. */
export function maskInputValue(
  el: Element,
  value: string,
  o: ResolvedOptions,
): { value: string; masked: boolean } {
  const mode = inputModeOf(el, o);
  if (mode === InputMode.Hidden) return { value: '', masked: true };
  if (mode === InputMode.Obscured) return { value: obscure(value), masked: true };
  const type = (el.getAttribute('type') ?? '').toLowerCase();
  if (
    (o.obscureInputNumbers && FOUR_DIGITS.test(value)) ||
    (o.obscureInputEmails && EMAIL_LIKE.test(value)) ||
    (o.obscureInputDates && DATE_TYPES.has(type))
  ) {
    return { value: obscure(value), masked: true };
  }
  return { value, masked: false };
}

/** Text of page content as it may leave the browser (labels, text nodes). */
export function maskText(el: Element | null, text: string, o: ResolvedOptions): string {
  // This runs for every recorded text node: one ancestor walk for both rules (the profile of a live table
  // showed `closest` among the top costs). A hidden ancestor beyond an obscured one still wins.
  let marked: Element | null = null;
  try {
    marked = el?.closest(PRIVATE_SELECTOR) ?? null;
  } catch {
    // a detached or foreign node: no marks
  }
  const obscured = !!marked && !marked.matches(HIDE_SELECTOR);
  if (marked && (!obscured || closestIn(marked.parentElement, HIDE_SELECTOR))) return '';
  const level = sanitizerLevel(el, o);
  if (level === SanitizeLevel.Hidden) return '';
  if (o.maskAllText || level === SanitizeLevel.Obscured || obscured) return obscure(text);
  return maskPlainText(text, o);
}

/** The rules every page text is subject to (e-mails, long numbers), for text under no privacy mark. */
export function maskPlainText(text: string, o: ResolvedOptions): string {
  let t = text;
  if (o.obscureTextEmails && t.includes('@')) t = t.replace(/[^\s@]+@[^\s@]+/g, obscure);
  if (o.obscureTextNumbers) t = t.replace(/\d{4,}/g, obscure);
  return t;
}
