import { gzipSync } from 'node:zlib';
import { compactMutation, expandMessage } from '@atrium/protocol/tracker/compact-mutation';
import { describe, expect, it } from 'vitest';

const mutation = (data: Record<string, unknown>, timestamp = 1_700_000_000_000) => [
  1,
  { type: 3, data: { source: 0, texts: [], attributes: [], removes: [], adds: [], ...data }, timestamp },
];
const roundTrip = (m: unknown[]) => expandMessage(JSON.parse(compactMutation(JSON.stringify(m))));

describe('compact mutation wire form (tracker worker → console player)', () => {
  it('reads back exactly what rrweb emitted: texts, attributes, removes, element and text adds', () => {
    const m = mutation({
      texts: [{ id: 40, value: '12.50' }],
      attributes: [{ id: 12, attributes: { class: 'up', style: { color: 'red' } } }],
      removes: [
        { parentId: 12, id: 41 },
        { parentId: 9, id: 300 },
      ],
      adds: [
        { parentId: 12, nextId: null, node: { type: 3, textContent: '13.00', id: 501 } },
        {
          parentId: 7,
          nextId: 499,
          node: { type: 2, tagName: 'tr', attributes: { class: 'row' }, childNodes: [], id: 502 },
        },
        { parentId: 502, nextId: null, node: { type: 3, textContent: 'x', isStyle: true, id: 503 } },
      ],
    });
    const wire = compactMutation(JSON.stringify(m));
    expect(JSON.parse(wire)[1].data).toHaveProperty('z');
    expect(expandMessage(JSON.parse(wire))).toEqual(m);
  });

  it('leaves alone what it does not know: other events, other messages, unknown fields', () => {
    for (const m of [
      [1, { type: 2, data: { node: { id: 1 } }, timestamp: 1 }],
      [1, { type: 3, data: { source: 2, type: 1, id: 5, x: 1, y: 2 }, timestamp: 1 }],
      [22, 'log', 'hello'],
      mutation({ removes: [{ parentId: 1, id: 2, isShadow: true }] }),
      mutation({ isAttachIframe: true }),
    ]) {
      const text = JSON.stringify(m);
      expect(compactMutation(text)).toBe(text);
      expect(roundTrip(m)).toEqual(m);
    }
    expect(compactMutation('not json')).toBe('not json');
  });

  it('a malformed compact event is passed on as it is, never thrown', () => {
    const bad = [1, { type: 3, data: { source: 0, z: [[1], 'x'] }, timestamp: 1 }];
    expect(expandMessage(bad)).toBe(bad);
    const nan = [1, { type: 3, data: { source: 0, z: [['a', 'v'], [], [], []] }, timestamp: 1 }];
    expect(expandMessage(nan)).toBe(nan);
  });

  it('a live table rewritten frame after frame uploads several times smaller after gzip', () => {
    // 150 frames of 400 cells: each cell's text node replaced (rrweb: a remove and an add with a fresh id).
    let nextId = 10_000;
    const ids = Array.from({ length: 400 }, () => nextId++);
    const frames = Array.from({ length: 150 }, (_, f) => {
      const removes = ids.map((id, k) => ({ parentId: 100 + k, id }));
      const adds = ids.map((_, k) => ({
        parentId: 100 + k,
        nextId: null,
        node: { type: 3, textContent: (((f * 31 + k * 17) % 1000) / 10).toFixed(2), id: nextId },
      }));
      adds.forEach((a, k) => {
        a.node.id = nextId;
        ids[k] = nextId++;
      });
      return JSON.stringify(mutation({ removes, adds }));
    });
    const plain = gzipSync(frames.join(',')).length;
    const compact = gzipSync(frames.map(compactMutation).join(',')).length;
    expect(compact).toBeLessThan(plain / 3);
  });
});
