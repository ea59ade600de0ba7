import { describe, expect, it } from 'vitest';
import { Outbox } from './outbox.ts';
import type { UnsentBatch } from './worker-messages.ts';

function outbox(beaconSizeLimit = 1_000_000) {
  const posted: UnsentBatch[] = [];
  const timers: (() => void)[] = [];
  const box = new Outbox({
    tabId: 'tab',
    pageNo: 3,
    pageKey: 'k',
    beaconSizeLimit,
    post: (b) => posted.push(b),
    setTimeout: (fn) => timers.push(fn),
    clearTimeout: () => undefined,
  });
  return { box, posted, timers };
}
const ids = (bs: UnsentBatch[]) => bs.map((b) => b.batchId);

describe('outbox (batches cut by the page, kept until the worker confirms them)', () => {
  it('cuts at beaconSizeLimit and names batches <tab>-<page>-<pageKey>-<seq>', () => {
    const { box, posted } = outbox(40);
    box.add(['"aaaaaaaaaa"', '"bbbbbbbbbb"', '"cccccccccc"', '"dddddddddd"']);
    box.cut();
    expect(ids(posted)).toEqual(['tab-3-k-0', 'tab-3-k-1']);
    expect(posted.flatMap((b) => b.messages)).toHaveLength(4);
    expect(ids(box.pending())).toEqual(['tab-3-k-0', 'tab-3-k-1']);
  });

  it('cuts when the batch window ends', () => {
    const { box, posted, timers } = outbox();
    box.add(['1']);
    box.add(['2']);
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(posted).toEqual([{ batchId: 'tab-3-k-0', pageNo: 3, seq: 0, messages: ['1', '2'] }]);
  });

  it('forgets confirmed batches, and after a split part keeps exactly the parts not confirmed yet', () => {
    const { box } = outbox();
    box.add(['1', '2', '3', '4', '5']);
    box.cut();
    box.add(['6']);
    box.cut();
    // The worker splits tab-3-0 (413) into .1 = [1,2,3] and .2 = [4,5]; .1 again into .1.1 = [1,2], .1.2 = [3].
    box.ack('tab-3-k-0.1.1');
    expect(box.pending().map((b) => [b.batchId, b.messages])).toEqual([
      ['tab-3-k-0.1.2', ['3']],
      ['tab-3-k-0.2', ['4', '5']],
      ['tab-3-k-1', ['6']],
    ]);
    box.ack('tab-3-k-0.1.2');
    box.ack('tab-3-k-0.2');
    expect(ids(box.pending())).toEqual(['tab-3-k-1']);
    box.ack('tab-3-k-1');
    expect(box.pending()).toEqual([]);
  });

  it('keeps batches adopted from an earlier page first, under their own ids', () => {
    const { box } = outbox();
    box.add(['new']);
    box.cut();
    box.adopt([{ batchId: 'tab-2-7', pageNo: 2, seq: 7, messages: ['old'] }]);
    expect(ids(box.pending())).toEqual(['tab-2-7', 'tab-3-k-0']);
  });
});
