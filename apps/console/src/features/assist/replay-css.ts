/**
 * The learner's CSS as the mirror needs it, without PostCSS. rrweb's Replayer rewrites every stylesheet it
 * builds (`adaptCssForReplay`): each selector with `:hover` gains a copy with the `.\:hover` class (the
 * Replayer puts that class on what the learner's pointer is over) and `min/max-device-width|height` in
 * at-rule conditions become `min/max-width|height`. It does so with PostCSS, which on a cold page spent most
 * of the time between the learner's snapshot reaching the agent and the picture (a portal's ~190 KB of CSS:
 * 100–300 ms, and the garbage it leaves). This is the same rewrite over the text in one pass, giving the same
 * text (checked against rrweb's own in `replay-css.test.ts`); the Replayer reads it through its cache.
 */

const DEVICE_QUERY = /(max|min)-device-(width|height)/g;

/** Index after the comment, string or escape that starts at `i`, or `i` itself when none does. */
function skipAtom(css: string, i: number): number {
  const c = css[i];
  if (c === '/' && css[i + 1] === '*') {
    const end = css.indexOf('*/', i + 2);
    return end < 0 ? css.length : end + 2;
  }
  if (c === '"' || c === "'") {
    let j = i + 1;
    while (j < css.length && css[j] !== c) j += css[j] === '\\' ? 2 : 1;
    return Math.min(j + 1, css.length);
  }
  if (c === '\\') return Math.min(i + 2, css.length);
  return i;
}

/** A selector list split at its top-level commas (not inside parentheses, brackets or strings), trimmed. */
function selectorsOf(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; ) {
    const next = skipAtom(list, i);
    if (next !== i) {
      i = next;
      continue;
    }
    const c = list[i];
    if (c === '(' || c === '[') depth += 1;
    else if ((c === ')' || c === ']') && depth > 0) depth -= 1;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(from, i).trim());
      from = i + 1;
    }
    i += 1;
  }
  out.push(list.slice(from).trim());
  return out.filter((s) => s !== '');
}

/** Leading whitespace and comments, the prelude itself, trailing whitespace and comments (PostCSS's raws). */
function splitPrelude(text: string): [string, string, string] {
  let start = 0;
  for (;;) {
    while (start < text.length && /\s/.test(text[start] as string)) start += 1;
    if (text.startsWith('/*', start)) start = skipAtom(text, start);
    else break;
  }
  let end = text.length;
  for (;;) {
    while (end > start && /\s/.test(text[end - 1] as string)) end -= 1;
    const comment = text.endsWith('*/', end) ? text.lastIndexOf('/*', end - 3) : -1;
    if (comment >= start) end = comment;
    else break;
  }
  return [text.slice(0, start), text.slice(start, end), text.slice(end)];
}

function adaptPrelude(text: string): string {
  const [lead, body, tail] = splitPrelude(text);
  if (body.startsWith('@')) return lead + body.replace(DEVICE_QUERY, '$1-$2') + tail;
  if (!body.includes(':hover')) return text;
  let selector = body;
  for (const s of selectorsOf(body))
    if (s.includes(':hover')) selector += `,\n${s.replace(/:hover/g, '.\\:hover')}`;
  return lead + selector + tail;
}

/** What the one pass stops at: comments, strings, escapes, nesting and the ends of preludes. */
const STOPS = /[{};()[\]"'\\/]/g;

/** rrweb's `adaptCssForReplay`, in one pass over the text. */
export function adaptCssForReplay(css: string): string {
  if (!css.includes(':hover') && !css.includes('-device-')) return css;
  let out = '';
  let copied = 0;
  let item = 0; // where the current rule prelude, at-rule or declaration begins
  let depth = 0; // parentheses and brackets
  const stops = new RegExp(STOPS.source, 'g');
  for (let m = stops.exec(css); m; m = stops.exec(css)) {
    const i = m.index;
    const next = skipAtom(css, i);
    if (next !== i) {
      stops.lastIndex = next;
      continue;
    }
    const c = css[i];
    if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0 && c !== '/') {
      // A block's prelude (a selector or an at-rule), or an at-rule without a block (`@import … screen`).
      const text = css.slice(item, i);
      if (c === '{' || (c === ';' && text.trimStart().startsWith('@'))) {
        const adapted = adaptPrelude(text);
        if (adapted !== text) {
          out += css.slice(copied, item) + adapted;
          copied = i;
        }
      }
      item = i + 1;
    }
  }
  return copied === 0 ? css : out + css.slice(copied);
}

/** Most stylesheets kept adapted (a learner's page has a few; each of its style changes is one more). */
const MAX_ENTRIES = 400;
/** …and at most this much text, so an agent's console open all day stays small. */
const MAX_CHARS = 16_000_000;

/**
 * The Replayer's `stylesWithHoverClass` cache: a miss is adapted here instead of by PostCSS. Shared by every
 * mirror of the console (another tab, another learner of the same site: the same CSS), oldest out first.
 */
export class AdaptedCss extends Map<string, string> {
  private chars = 0;

  override get(css: string): string {
    const hit = super.get(css);
    if (hit !== undefined) return hit;
    const adapted = adaptCssForReplay(css);
    this.set(css, adapted);
    return adapted;
  }

  override set(css: string, adapted: string): this {
    if (!super.has(css)) this.chars += css.length + adapted.length;
    super.set(css, adapted);
    for (const [k, v] of this) {
      if (this.size <= MAX_ENTRIES && this.chars <= MAX_CHARS) break;
      if (k === css) break;
      super.delete(k);
      this.chars -= k.length + v.length;
    }
    return this;
  }
}
