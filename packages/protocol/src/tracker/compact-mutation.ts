/**
 * The compact wire form of rrweb's DOM-mutation events (ADR 0021). The tracker's upload worker writes it, the
 * console's player reads it back; the server stores it as is. A mutation event
 *   [1, {type: 3, data: {source: 0, texts, attributes, removes, adds}, timestamp}]
 * travels as
 *   [1, {type: 3, data: {source: 0, z: [t, a, r, d]}, timestamp}]
 * with flat lists: t = [idΔ, value, …], a = [idΔ, attributes, …], r = [parentΔ, idΔ, …] and
 * d = [parentΔ, next, idΔ, node, …]. idΔ is the difference to the previous node id of the event (one running
 * id through t, a, r, d in that order), parentΔ to the previous parent id; next is null or nextId − id; node is
 * the serialized node without its id, or only its text for a plain text node.
 *
 * Why: rrweb's ids are what a live page changes most (new text nodes get fresh sequential ids), and as JSON
 * objects each change is ~90 bytes that gzip cannot match across frames. As differences the same table update
 * repeats byte for byte: a live table uploads ~10× less after gzip, a large render ~4× less.
 */

type Obj = Record<string, unknown>;

/**
 * One message's JSON text, compacted when it is a plain rrweb mutation event; any other text (or an event
 * with fields this form does not know) is returned unchanged. Self-contained: the upload worker runs it from
 * its source text, so it may use nothing outside itself.
 */
export function compactMutation(text: string): string {
  try {
    const m = JSON.parse(text) as [number, { type: number; data: Obj; timestamp: number }];
    const e = m[1];
    const d = e?.data;
    if (m[0] !== 1 || m.length !== 2 || !d || e.type !== 3 || d.source !== 0) return text;
    for (const k in d)
      if (k !== 'source' && k !== 'texts' && k !== 'attributes' && k !== 'removes' && k !== 'adds')
        return text;
    const keys = (x: Obj, want: string[]) =>
      Object.keys(x).length === want.length && want.every((k) => k in x);
    const int = (v: unknown) => typeof v === 'number' && Number.isInteger(v);
    let id = 0;
    let parent = 0;
    const t: unknown[] = [];
    const a: unknown[] = [];
    const r: unknown[] = [];
    const add: unknown[] = [];
    for (const x of (d.texts as Obj[]) ?? []) {
      if (!keys(x, ['id', 'value']) || !int(x.id)) return text;
      t.push((x.id as number) - id, x.value);
      id = x.id as number;
    }
    for (const x of (d.attributes as Obj[]) ?? []) {
      if (!keys(x, ['id', 'attributes']) || !int(x.id)) return text;
      a.push((x.id as number) - id, x.attributes);
      id = x.id as number;
    }
    for (const x of (d.removes as Obj[]) ?? []) {
      if (!keys(x, ['parentId', 'id']) || !int(x.id) || !int(x.parentId)) return text;
      r.push((x.parentId as number) - parent, (x.id as number) - id);
      parent = x.parentId as number;
      id = x.id as number;
    }
    for (const x of (d.adds as Obj[]) ?? []) {
      const node = x.node as Obj | undefined;
      if (!keys(x, ['parentId', 'nextId', 'node']) || !int(x.parentId) || !node || !int(node.id)) return text;
      if (x.nextId !== null && !int(x.nextId)) return text;
      const { id: nodeId, ...rest } = node as { id: number } & Obj;
      const plainText =
        rest.type === 3 && typeof rest.textContent === 'string' && keys(rest, ['type', 'textContent']);
      add.push(
        (x.parentId as number) - parent,
        x.nextId === null ? null : (x.nextId as number) - nodeId,
        nodeId - id,
        plainText ? rest.textContent : rest,
      );
      parent = x.parentId as number;
      id = nodeId;
    }
    return JSON.stringify([1, { type: 3, data: { source: 0, z: [t, a, r, add] }, timestamp: e.timestamp }]);
  } catch {
    return text;
  }
}

/** rrweb's mutation data back from the compact form; null when it is not well formed. */
export function expandMutation(z: unknown): Obj | null {
  if (!Array.isArray(z) || z.length !== 4 || !z.every(Array.isArray)) return null;
  const [t, a, r, add] = z as unknown[][];
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN);
  let id = 0;
  let parent = 0;
  const texts = [];
  const attributes = [];
  const removes = [];
  const adds = [];
  for (let i = 0; i + 1 < t!.length; i += 2) {
    id += num(t![i]);
    texts.push({ id, value: t![i + 1] });
  }
  for (let i = 0; i + 1 < a!.length; i += 2) {
    id += num(a![i]);
    attributes.push({ id, attributes: a![i + 1] });
  }
  for (let i = 0; i + 1 < r!.length; i += 2) {
    parent += num(r![i]);
    id += num(r![i + 1]);
    removes.push({ parentId: parent, id });
  }
  for (let i = 0; i + 3 < add!.length; i += 4) {
    parent += num(add![i]);
    const next = add![i + 1];
    id += num(add![i + 2]);
    const n = add![i + 3];
    const node = typeof n === 'string' ? { type: 3, textContent: n } : (n as Obj);
    if (!node || typeof node !== 'object') return null;
    adds.push({ parentId: parent, nextId: next === null ? null : id + num(next), node: { ...node, id } });
  }
  if (Number.isNaN(id) || Number.isNaN(parent)) return null;
  return { source: 0, texts, attributes, removes, adds };
}

/** A recorded message as rrweb's players expect it (compact mutation events expanded; others unchanged). */
export function expandMessage(m: unknown[]): unknown[] {
  const e = m[1] as { type?: unknown; data?: { z?: unknown }; timestamp?: unknown } | null | undefined;
  if (m[0] !== 1 || !e || e.type !== 3 || !e.data || !('z' in e.data)) return m;
  const data = expandMutation(e.data.z);
  return data ? [1, { type: 3, data, timestamp: e.timestamp }] : m;
}
