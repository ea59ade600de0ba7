// Live assist over the real relay on loopback (socket.io, real app on PGlite): how long a learner's batch
// takes to reach the agent (mirror latency) and how long an agent click takes to come back as the learner's
// DOM change (remote-click round trip) — first the relay alone, then the full path in Chromium (see
// assist-latency-browser.ts): built portal with the tracker and plugin → relay → built console's Replayer.
import { existsSync } from 'node:fs';
import { openDatabase } from '../apps/server/src/db/client.ts';
import {
  agentSocket,
  closeSockets,
  connected,
  listeningApp,
  startTrackerSession,
  visitorSocket,
} from '../apps/server/test/assist-harness.ts';
import { createTestUser } from '../apps/server/test/create-test-user.ts';
import { browserFigures } from './assist-latency-browser.ts';

const SAMPLES = 400;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const fmt = (xs: number[]) =>
  `median ${pct(xs, 50).toFixed(2)} ms, p95 ${pct(xs, 95).toFixed(2)} ms (n=${xs.length})`;

const database = openDatabase({ dataDir: 'memory://' });
await database.migrate();
const { app, url } = await listeningApp(database);
try {
  const agent = await createTestUser(app, { role: 'agent' });
  const s = await startTrackerSession(app);
  const visitor = visitorSocket(url, s);
  await connected(visitor);
  const watcher = agentSocket(url, s, agent.token);
  await connected(watcher);
  const meta = { tabId: s.tabId };
  // A typical DOM-change batch: one rrweb incremental mutation of a few nodes.
  const batch = (n: number) => [
    [0, Date.now()],
    [
      1,
      {
        type: 3,
        timestamp: Date.now(),
        data: {
          source: 0,
          adds: [
            { parentId: 5, nextId: null, node: { type: 3, textContent: `第 ${n} 則訊息`, id: 100 + n } },
          ],
          removes: [],
          texts: [],
          attributes: [],
        },
      },
    ],
  ];

  const mirror: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      watcher.once('messages', () => resolve());
      visitor.emit('messages', { meta, data: batch(i) });
    });
    mirror.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 5)); // stay inside the per-socket rate budget
  }

  visitor.on('click', () => visitor.emit('messages', { meta, data: batch(-1) }));
  visitor.emit('control_granted', { meta, data: watcher.id });
  await new Promise((r) => setTimeout(r, 100));
  const click: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      watcher.once('messages', () => resolve());
      watcher.emit('click', { meta, data: [100, 200] });
    });
    click.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 10));
  }
  console.log(`assist-latency: live mirror (learner batch → agent, relay): ${fmt(mirror)}`);
  console.log(
    `assist-latency: remote click round trip (agent click → learner → agent, relay): ${fmt(click)}`,
  );
} finally {
  closeSockets();
  await app.close();
  await database.close();
}
try {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const built = ['apps/portal/dist/index.html', 'apps/console/dist/index.html'].every((f) => existsSync(f));
  if (!existsSync(chromium) || !built) {
    console.log('assist-latency: browser path skipped (needs Chromium and the built portal and console)');
  } else {
    for (const line of await browserFigures(fmt, pct)) console.log(`assist-latency: ${line}`);
  }
} catch (e) {
  console.error('assist-latency: browser path failed', e);
  process.exitCode = 1;
} finally {
  // The peer package keeps interval timers of its own.
  process.exit(process.exitCode ?? 0);
}
