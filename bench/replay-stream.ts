// A two-hour synthetic recording streamed to the console: how much memory the server holds while it
// serves the whole message stream (it must stay flat, not grow with the recording). Run by bench/run.mjs.
import type { AddressInfo } from 'node:net';
import { MessageType } from '@atrium/protocol/tracker/messages';
import { createTestApp } from '@atrium/server/test/create-test-app';
import { createTestUser } from '@atrium/server/test/create-test-user';
import { trackerStartBody } from '../apps/server/test/tracker-start-body.ts';

const HOURS = 2;
const BATCH_SECONDS = 10; // the tracker cuts a batch 10 s after its first message
const BATCHES = (HOURS * 3600) / BATCH_SECONDS;

const t = await createTestApp('pglite', { RATE_LIMIT_DISABLED: 'true' });
const agent = await createTestUser(t.app, { role: 'agent' });
const start = await t.app.inject({
  method: 'POST',
  url: '/ingest/v1/web/start',
  payload: trackerStartBody({ width: 1280, height: 800, url: 'https://portal.example/' }),
});
const { token, sessionID } = start.json();
const t0 = Date.now() - HOURS * 3_600_000;
const text = 'x'.repeat(200);
for (let seq = 0; seq < BATCHES; seq++) {
  const at = t0 + seq * BATCH_SECONDS * 1000;
  const messages: unknown[][] = [
    [MessageType.Timestamp, at],
    [MessageType.TabData, 'tab-1'],
  ];
  for (let i = 0; i < 100; i++) {
    messages.push([MessageType.MouseMove, i * 3, i * 2]);
    messages.push([
      MessageType.RrwebEvent,
      {
        type: 3,
        data: { source: 0, texts: [{ id: i, value: text }], attributes: [], removes: [], adds: [] },
        timestamp: at + i * 100,
      },
    ]);
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/ingest/v1/web/i',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: { batchId: `tab-1-1-${seq}`, tabId: 'tab-1', pageNo: 1, seq, messages },
  });
  if (res.statusCode >= 300) throw new Error(`batch ${seq}: ${res.statusCode} ${res.body}`);
}

await t.app.listen({ host: '127.0.0.1', port: 0 });
const { port } = t.app.server.address() as AddressInfo;
globalThis.gc?.();
const before = process.memoryUsage();
let peakHeap = before.heapUsed;
let peakRss = before.rss;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakHeap = Math.max(peakHeap, m.heapUsed);
  peakRss = Math.max(peakRss, m.rss);
}, 20);
const began = performance.now();
const response = await fetch(`http://127.0.0.1:${port}/v1/console/sessions/${sessionID}/messages`, {
  headers: agent.auth,
});
let bytes = 0;
let lines = 0;
const reader = response.body!.getReader();
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.length;
  for (const b of value) if (b === 10) lines++;
}
clearInterval(sampler);
const ms = performance.now() - began;
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
console.log(
  `replay-stream: ${HOURS} h session, ${lines} batches, ${mb(bytes)} MB streamed in ${Math.round(ms)} ms; ` +
    `server heap +${mb(peakHeap - before.heapUsed)} MB peak, rss +${mb(peakRss - before.rss)} MB peak`,
);
await t.close();
