import { HIDE_SELECTOR, maskPlainText, maskText, obscure, PRIVATE_SELECTOR } from '../lib/masking.ts';
import type { ResolvedOptions } from '../options.ts';

/**
 * The leaner DOM-mutation path (issue 10, ADR 0022): rrweb's mutation buffer spends most of the tracker's
 * main-thread time on ordinary changes (text replaced, a class toggled, a table rendered), through ancestor
 * walks, selector checks and tamper-proof accessors per node. Here the common cases are turned into the same
 * rrweb mutation event (`{source: 0, texts, attributes, removes, adds}`, flat adds with parentId/nextId, ids in
 * rrweb's mirror) with one pass over the records and one selector check per element. Anything it does not
 * know how to write exactly as rrweb would (inputs, styles, iframes, shadow roots, moves, blocked
 * placeholders, …) sends the whole batch to rrweb's own buffer, untouched: a batch is planned without side
 * effects first, and only committed once every node in it is known.
 */

/** The part of rrweb's Mirror we use (record.mirror). */
export interface MirrorLike {
  getId(n: Node | undefined | null): number;
  getNode(id: number): Node | null;
  hasNode(n: Node): boolean;
  add(n: Node, meta: Record<string, unknown>): void;
  removeNodeFromMap(n: Node): void;
  /** rrweb's id → node map (a field of its Mirror): unmapping a leaf directly skips a NodeList per node. */
  idNodeMap?: Map<number, Node>;
}

type SerializedNode = Record<string, unknown> & { id: number };
type Add = { parentId: number; nextId: number | null; node: SerializedNode };
export type MutationData = {
  source: 0;
  texts: { id: number; value: string }[];
  attributes: { id: number; attributes: Record<string, string | null> }[];
  removes: { parentId: number; id: number }[];
  adds: Add[];
};

// Ids of ours start far above rrweb's own counter (which only moves for full snapshots and the batches it
// still handles): both write into one mirror and must never hand out the same id. The wire form stores ids
// as differences (compact-mutation.ts), so their size costs little.
const FIRST_ID = 1_000_000_000;
const IGNORED = -2;
const Privacy = { None: 0, Obscured: 1, Hidden: 2 } as const;

// Elements rrweb writes with extra state (values, sheets, media, frames, canvases, dialogs, forms whose
// named fields shadow `tagName`) or that are the document's frame: their batches stay with rrweb.
const RRWEB_TAGS = new Set(
  'SCRIPT STYLE LINK META BASE TITLE HEAD HTML BODY IFRAME FRAME FRAMESET OBJECT EMBED CANVAS VIDEO AUDIO INPUT TEXTAREA SELECT OPTION DIALOG FORM TEMPLATE SLOT NOSCRIPT'.split(
    ' ',
  ),
);
// Elements whose attribute changes rrweb rewrites (values, frame sources, dialog modes, media, sheets, forms).
const RRWEB_ATTRIBUTE_TAGS = new Set(
  'INPUT TEXTAREA SELECT OPTION IFRAME FRAME DIALOG VIDEO AUDIO LINK STYLE SCRIPT OBJECT EMBED CANVAS FORM'.split(
    ' ',
  ),
);
// Parents whose children rrweb writes specially (text as CSS, as a value, as a placeholder).
const SPECIAL_PARENTS = new Set(['STYLE', 'SCRIPT', 'TEXTAREA', 'NOSCRIPT', 'HEAD', 'HTML']);
const SVG_NS = 'http://www.w3.org/2000/svg';
// Custom elements (rrweb marks the defined ones) and names rrweb rewrites to `div`: rrweb writes those.
const RRWEB_TAG_NAME = /[^a-z0-9_:]/;
// rrweb also blocks its own class (`rr-block`), whatever our selector says.
const BLOCKED = `${HIDE_SELECTOR},.rr-block`;
const MARKED = `${PRIVATE_SELECTOR},.rr-block`;

/** Thrown inside a plan: the batch goes to rrweb. Never leaves this module. */
const UNKNOWN = new Error('rrweb writes this batch');

export interface LeanMutations {
  /** Plans and commits a batch; false when rrweb must take it (nothing was changed then). */
  handle(records: MutationRecord[]): boolean;
}

export function leanMutations(
  doc: Document,
  mirror: MirrorLike,
  o: ResolvedOptions,
  emit: (data: MutationData) => void,
): LeanMutations {
  let nextId = FIRST_ID;
  // One anchor to resolve relative URLs against the document's base, as rrweb records them.
  const anchor = doc.createElement('a');
  const absolute = (url: string) => {
    if (!url.trim() || url.startsWith('data:') || url.startsWith('blob:')) return url;
    anchor.setAttribute('href', url);
    return anchor.href;
  };
  const everyTextRule = o.maskAllText || !!o.domSanitizer;

  /** An attribute value as rrweb writes it, or UNKNOWN for those it rewrites in ways we don't. */
  const attributeValue = (tag: string, name: string, value: string | null): string | null => {
    if (!value) return value;
    // rrweb's rules: every src and href absolute, except a `<use href="#…">` and a local `xlink:href`.
    if (name === 'src' || name === 'href' || name === 'xlink:href')
      return value[0] === '#' && (name === 'xlink:href' || tag === 'use') ? value : absolute(value);
    if (name === 'srcset' || name === 'background' || (name === 'style' && value.includes('url(')))
      throw UNKNOWN;
    return value;
  };

  function handle(records: MutationRecord[]): boolean {
    // Privacy of an element within this batch (the DOM does not change while we read it).
    const privacy = new Map<Element, number>();
    const privacyOf = (el: Element | null): number => {
      if (!el) return Privacy.None;
      let p = privacy.get(el);
      if (p !== undefined) return p;
      p = el.matches(MARKED) ? (el.matches(BLOCKED) ? Privacy.Hidden : Privacy.Obscured) : 0;
      if (p !== Privacy.Hidden) p = Math.max(p, privacyOf(el.parentElement));
      privacy.set(el, p);
      return p;
    };
    const textValue = (el: Element, text: string, p: number) => {
      if (everyTextRule) return maskText(el, text, o);
      return p === Privacy.Obscured ? obscure(text) : maskPlainText(text, o);
    };

    const added = new Set<Node>();
    const removes: ({ parentId: number; id: number } | null)[] = [];
    // A text node that took the place of a recorded one (`el.textContent = …`, the commonest change of all):
    // replayed as a text change of the old id rather than a removal and an addition (same DOM, a third of
    // the work and bytes). Kept only while the new node stays where that one record put it.
    const swaps = new Map<Node, { parent: Node; old: number; index: number }>();
    const unmap: Node[] = [];
    const texts = new Set<CharacterData>();
    const attrs = new Map<Element, Set<string>>();
    try {
      for (let i = 0; i < records.length; i++) {
        const r = records[i]!;
        const target = r.target;
        const targetId = mirror.getId(target);
        if (r.type === 'characterData') {
          const parent = target.parentNode as Element | null;
          // rrweb writes text under these its own way, also text it never numbered (a textarea's default
          // text is recorded as the textarea's value): checked before the id.
          if (parent?.nodeType === 1 && SPECIAL_PARENTS.has(parent.tagName)) return false;
          if (targetId < 0) continue; // not recorded (hidden, ignored) or added in this batch
          if (parent?.nodeType !== 1) return false;
          texts.add(target as CharacterData);
        } else if (r.type === 'attributes') {
          if (targetId < 0) continue;
          if (RRWEB_ATTRIBUTE_TAGS.has((target as Element).tagName)) return false;
          const names = attrs.get(target as Element);
          if (names) names.add(r.attributeName!);
          else attrs.set(target as Element, new Set([r.attributeName!]));
        } else {
          if (target.nodeType !== 1 || SPECIAL_PARENTS.has((target as Element).tagName)) return false;
          if (targetId === IGNORED) continue;
          // (indexed loops: a NodeList iterator per record shows in the profile of a live table)
          const addedNodes = r.addedNodes;
          for (let j = 0; j < addedNodes.length; j++) {
            const n = addedNodes[j]!;
            if (mirror.hasNode(n)) return false; // a move: rrweb re-numbers the subtree
            added.add(n);
          }
          const removedNodes = r.removedNodes;
          for (let j = 0; j < removedNodes.length; j++) {
            const n = removedNodes[j]!;
            if (swaps.size) swaps.delete(n);
            if (added.delete(n)) continue; // added and removed within the batch: never recorded
            const id = mirror.getId(n);
            if (id === -1) continue;
            unmap.push(n);
            // Under a parent that itself left the page, the parent's removal says it all.
            if (id !== IGNORED && targetId > 0 && target.isConnected) {
              removes.push({ parentId: targetId, id });
              if (addedNodes.length === 1 && removedNodes.length === 1 && n.nodeType === 3) {
                const a = addedNodes[0]!;
                if (a.nodeType === 3) swaps.set(a, { parent: target, old: id, index: removes.length - 1 });
              }
            }
          }
        }
      }

      // Adds: each added node still on the page whose parent is recorded, with its whole subtree, parents
      // before children and later siblings before earlier ones, so every nextId is known when it is read.
      const adds: Add[] = [];
      const swapNodes: Node[] = [];
      const swapTexts: MutationData['texts'] = [];
      const freshNodes: Node[] = [];
      const freshMeta: SerializedNode[] = [];
      const ignored: Node[] = [];
      /** The id of the next recorded sibling on the page (ignored ones skipped), null at the end. */
      const nextOnPage = (n: Node): number | null => {
        for (let s = n.nextSibling; s; s = s.nextSibling) {
          const id = mirror.getId(s);
          if (id === IGNORED) continue;
          if (id === -1) throw UNKNOWN;
          return id;
        }
        return null;
      };
      /** Plans `n` and its subtree; its id, or IGNORED for what rrweb leaves out (comments). */
      const serialize = (n: Node, parentId: number, next: number | null, p: number): number => {
        const type = n.nodeType;
        if (type === 8) {
          ignored.push(n);
          return IGNORED;
        }
        const id = nextId++;
        let node: SerializedNode;
        if (type === 3) {
          const el = n.parentNode as Element;
          if (SPECIAL_PARENTS.has(el.tagName)) throw UNKNOWN;
          node = { type: 3, textContent: textValue(el, (n as Text).data, p), id };
        } else if (type === 1) {
          const el = n as Element;
          const upper = el.tagName;
          if (RRWEB_TAGS.has(upper) || el.shadowRoot) throw UNKNOWN;
          const own = el.matches(MARKED) ? (el.matches(BLOCKED) ? 2 : 1) : 0;
          if (own === Privacy.Hidden) throw UNKNOWN; // rrweb's sized placeholder
          p = Math.max(p, own);
          const svg = el.namespaceURI === SVG_NS;
          const tag = svg ? upper.toLowerCase() : el.localName;
          if (RRWEB_TAG_NAME.test(tag)) throw UNKNOWN;
          const attributes: Record<string, string | null> = {};
          const list = el.attributes;
          for (let i = 0; i < list.length; i++) {
            const a = list[i]!;
            attributes[a.name] = attributeValue(tag, a.name.toLowerCase(), a.value);
          }
          node = { type: 2, tagName: tag, attributes, id };
          if (svg) node.isSVG = true;
        } else if (type === 4) node = { type: 4, textContent: '', id };
        else throw UNKNOWN;
        freshNodes.push(n);
        freshMeta.push(node);
        adds.push({ parentId, nextId: next, node });
        // Children from the last: each one's next sibling is planned before it.
        let childNext: number | null = null;
        for (let c = n.lastChild; c; c = c.previousSibling) {
          const cid = serialize(c, id, childNext, p);
          if (cid !== IGNORED) childNext = cid;
        }
        return id;
      };
      // A planned node leaves `added`; a root under an added ancestor is written with it (and one whose
      // ancestor was already planned has a parent without an id yet: skipped alike).
      for (const root of added) {
        if (!root.isConnected) continue;
        const parent = root.parentNode as Element;
        let covered = false;
        for (let a: Node | null = parent; a && mirror.getId(a) === -1; a = a.parentNode)
          if (added.has(a)) covered = true;
        if (covered) continue;
        const parentId = mirror.getId(parent);
        if (parentId < 0) continue; // under a hidden, ignored or just planned element
        if (parent.nodeType !== 1) throw UNKNOWN;
        const p = privacyOf(parent);
        if (p === Privacy.Hidden) continue;
        // Siblings added together are written from the last one back.
        let last = root;
        while (last.nextSibling && added.has(last.nextSibling)) last = last.nextSibling;
        let next = nextOnPage(last);
        for (let n: Node | null = last; n && added.has(n); n = n.previousSibling) {
          added.delete(n);
          const swap = swaps.get(n);
          if (swap && swap.parent === parent && removes[swap.index]) {
            removes[swap.index] = null;
            swapNodes.push(n);
            swapTexts.push({ id: swap.old, value: textValue(parent, (n as Text).data, p) });
            next = swap.old;
            continue;
          }
          const id = serialize(n, parentId, next, p);
          if (id !== IGNORED) next = id;
        }
      }

      // Commit: nothing above touched the mirror.
      const ids = mirror.idNodeMap;
      for (const n of unmap) {
        if (ids && !n.firstChild) ids.delete(mirror.getId(n));
        else mirror.removeNodeFromMap(n);
      }
      for (let i = 0; i < swapNodes.length; i++)
        mirror.add(swapNodes[i]!, { type: 3, textContent: '', id: swapTexts[i]!.id });
      const textList = swapTexts;
      for (const t of texts) {
        const id = mirror.getId(t);
        const el = t.parentNode as Element | null;
        if (id < 0 || !el || !t.isConnected) continue;
        const p = privacyOf(el);
        if (p !== Privacy.Hidden) textList.push({ id, value: textValue(el, t.data, p) });
      }
      const attributeList: MutationData['attributes'] = [];
      for (const [el, names] of attrs) {
        const id = mirror.getId(el);
        if (id < 0 || !el.isConnected || privacyOf(el) === Privacy.Hidden) continue;
        const values: Record<string, string | null> = {};
        const tag = el.namespaceURI === SVG_NS ? el.tagName.toLowerCase() : el.localName;
        for (const name of names)
          values[name] = attributeValue(tag, name.toLowerCase(), el.getAttribute(name));
        attributeList.push({ id, attributes: values });
      }
      for (let i = 0; i < freshNodes.length; i++) mirror.add(freshNodes[i]!, freshMeta[i]!);
      for (const n of ignored) mirror.add(n, { type: 5, textContent: '', id: IGNORED });
      const removed = swapNodes.length
        ? removes.filter((x) => x !== null)
        : (removes as MutationData['removes']);
      if (textList.length || attributeList.length || removed.length || adds.length)
        emit({ source: 0, texts: textList, attributes: attributeList, removes: removed, adds });
      return true;
    } catch (e) {
      if (e === UNKNOWN) return false;
      throw e;
    }
  }

  return { handle };
}
