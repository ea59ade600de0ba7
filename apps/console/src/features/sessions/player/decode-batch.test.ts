import { describe, expect, it } from 'vitest';
import { decodeBatchLine } from './decode-batch.ts';

describe('decodeBatchLine', () => {
  it("expands the tracker's compact DOM mutations back to rrweb's form for the replayer", () => {
    // As the tracker's worker uploads a text node replaced in a table cell (ADR 0021).
    const compact = [
      1,
      { type: 3, data: { source: 0, z: [[], [], [12, 41], [0, null, 460, '13.00']] }, timestamp: 5 },
    ];
    const line = JSON.stringify({ tabId: 't', pageNo: 1, seq: 0, messages: [[0, 5], compact, 'junk'] });
    expect(decodeBatchLine(line)?.messages).toEqual([
      [0, 5],
      [
        1,
        {
          type: 3,
          data: {
            source: 0,
            texts: [],
            attributes: [],
            removes: [{ parentId: 12, id: 41 }],
            adds: [{ parentId: 12, nextId: null, node: { type: 3, textContent: '13.00', id: 501 } }],
          },
          timestamp: 5,
        },
      ],
    ]);
  });
});
