import { afterEach, describe, expect, it } from 'vitest';
import { FakeIngest } from '../../test/fake-ingest.ts';
import { workerMain } from './worker-main.ts';
import type { ToMain, ToWorker } from './worker-messages.ts';

/** The real worker function, driven directly (node has fetch), against the protocol-level fake ingest. */
function runWorker() {
  const fromWorker: ToMain[] = [];
  /** Every upload the worker made, with the credentials it sent. */
  const uploads: { authorization: string | undefined }[] = [];
  const scope = {
    onmessage: null as ((ev: { data: ToWorker }) => void) | null,
    postMessage: (m: ToMain) => fromWorker.push(m),
    fetch: (...a: Parameters<typeof fetch>) => {
      uploads.push({ authorization: new Headers(a[1]?.headers).get('authorization') ?? undefined });
      return fetch(...a);
    },
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>),
  };
  workerMain(scope);
  const send = (d: ToWorker) => scope.onmessage?.({ data: d });
  return { send, fromWorker, uploads };
}

const msg = (text: string) => JSON.stringify([22, 'log', text]);
const commit = (...texts: string[]) => [
  JSON.stringify([0, Date.now()]),
  JSON.stringify([49, 'tab']),
  ...texts.map(msg),
];
const logs = (ingest: FakeIngest) =>
  ingest
    .messages()
    .filter((m) => m[0] === 22)
    .map((m) => m[2]);

let ingest: FakeIngest;
afterEach(async () => {
  await ingest?.stop().catch(() => undefined);
});

async function startWith(opts: ConstructorParameters<typeof FakeIngest>[0], maxQueuedBytes?: number) {
  ingest = new FakeIngest(opts);
  await ingest.listen();
  ingest.tokens.set('tok', 's1');
  const w = runWorker();
  w.send({
    type: 'start',
    pageNo: 1,
    ingestPoint: `${ingest.origin}/ingest`,
    timestamp: Date.now(),
    url: 'https://x/',
    connAttemptCount: 3,
    connAttemptGap: 20,
    tabId: 'tab',
    maxQueuedBytes,
  });
  return w;
}

describe('upload worker', () => {
  it('splits a batch the server finds too large (413) and keeps the order', async () => {
    const w = await startWith({ hardLimit: 900 });
    w.send({ type: 'auth', token: 'tok', beaconSizeLimit: 100_000 });
    w.send(commit(...Array.from({ length: 20 }, (_, i) => `line ${i} ${'x'.repeat(40)}`)));
    w.send({ type: 'forceFlushBatch' });
    await expect.poll(() => logs(ingest).length, { timeout: 5000 }).toBe(20);
    expect(logs(ingest)).toEqual(Array.from({ length: 20 }, (_, i) => `line ${i} ${'x'.repeat(40)}`));
    expect(ingest.batches.map((b) => b.batchId).every((id) => /^tab-1-0(\.[12])+$/.test(id))).toBe(true);
  });

  it('drops a message the server can never take, and says so in the next batch', async () => {
    const w = await startWith({ hardLimit: 500 });
    w.send({ type: 'auth', token: 'tok', beaconSizeLimit: 100_000 });
    w.send(commit(`huge ${'y'.repeat(2000)}`));
    w.send({ type: 'forceFlushBatch' });
    await expect.poll(() => w.fromWorker.some((m) => m.type === 'failure'), { timeout: 5000 }).toBe(true);
    w.send(commit('after'));
    w.send({ type: 'forceFlushBatch' });
    await expect.poll(() => logs(ingest), { timeout: 5000 }).toContain('after');
    expect(ingest.messages().find((m) => m[0] === 36)).toEqual([
      36,
      'upload-backlog',
      expect.stringMatching(/^dropped \d+ messages/),
    ]);
  });

  it('holds batches until a token arrives, and past its memory cap drops the oldest, asks for a snapshot and says so', async () => {
    const w = await startWith({}, 3000);
    for (let i = 0; i < 10; i++) {
      w.send(commit(`batch ${i} ${'z'.repeat(500)}`));
      w.send({ type: 'forceFlushBatch' });
    }
    expect(w.fromWorker.some((m) => m.type === 'snapshot')).toBe(true);
    expect(ingest.batches).toHaveLength(0); // no token yet: nothing sent, nothing lost so far
    w.send({ type: 'auth', token: 'tok' });
    await expect
      .poll(() => logs(ingest).some((l) => String(l).startsWith('batch 9')), { timeout: 5000 })
      .toBe(true);
    // Instead of waiting a while for nothing: an upload begun before the token would have come before these,
    // and without it. Every upload carried the token.
    expect(w.uploads.length).toBeGreaterThan(0);
    expect(w.uploads.every((u) => u.authorization === 'Bearer tok')).toBe(true);
    const degraded = ingest.messages().filter((m) => m[0] === 36);
    expect(degraded).toHaveLength(1);
    expect(logs(ingest)[0]).toMatch(/^batch 0/); // the first batch is kept (it holds the full snapshot)
  });

  it('asks for a new token on 401 and sends again after auth', async () => {
    const w = await startWith({});
    ingest.expired.add('tok');
    w.send({ type: 'auth', token: 'tok' });
    w.send(commit('needs a fresh token'));
    w.send({ type: 'forceFlushBatch' });
    await expect.poll(() => w.fromWorker.some((m) => m.type === 'restart'), { timeout: 5000 }).toBe(true);
    ingest.tokens.set('tok2', 's1');
    w.send({ type: 'auth', token: 'tok2' });
    await expect.poll(() => logs(ingest), { timeout: 5000 }).toContain('needs a fresh token');
  });
});
