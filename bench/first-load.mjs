// First load of the portal as a learner's browser meets it: bytes on the wire (what the server really sent,
// compressed, headers included) and first contentful paint of /login and /dashboard, with an empty cache,
// unthrottled and on a slow-4G-like link (CDP network emulation), printed beside the budget of issue 9:
// ≤ 150 KB of JavaScript on the wire for /login. Figures only; nothing here is a timed test.
// Needs the built portal (node scripts/build-stale.mjs) and /usr/bin/chromium. BENCH_LIST=1 lists the scripts.
import { tsImport } from 'tsx/esm/api';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LOGIN_JS_BUDGET = 150 * 1024;
// Lighthouse's mobile preset ("slow 4G"): 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up.
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1638.4 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const LINKS = { unthrottled: null, 'slow 4G': SLOW_4G };

const { startTestServer } = await tsImport('../e2e/support/server.ts', import.meta.url);
const { codeIn } = await tsImport('../e2e/support/mail.ts', import.meta.url);
const { launchBrowser } = await tsImport('../e2e/support/browser.ts', import.meta.url);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/**
 * One cold load of a screen until it is ready and the network is idle: bytes per resource type and FCP.
 * `saveData` turns the portal's idle prefetch off (it honours Save-Data), so the screen's own bytes are
 * measured; the difference to a normal load is what the prefetch of the likely next screen adds.
 */
async function measure(browser, baseUrl, screen, link, saveData) {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'zh-TW', storageState: screen.state });
  if (saveData) {
    await context.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true }),
    );
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (link) await cdp.send('Network.emulateNetworkConditions', link);
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { url: e.request.url }));
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.type = e.type;
    // What had arrived when the response started: its status line and headers.
    r.headerBytes = e.response.encodedDataLength ?? 0;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  const started = Date.now();
  await page.goto(screen.path);
  await screen.ready(page);
  const ready = Date.now() - started;
  await page.waitForLoadState('networkidle');
  const fcp = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  const list = [...requests.values()];
  const sum = (pick) => list.filter(pick).reduce((n, r) => n + (r.bytes ?? 0), 0);
  if (process.env.BENCH_LIST && saveData && !link) {
    for (const r of list.filter((x) => x.type === 'Script')) {
      console.log(`  ${screen.path} ${kb(r.bytes ?? 0).padStart(9)}  ${new URL(r.url).pathname}`);
    }
  }
  await context.close();
  const scripts = list.filter((r) => r.type === 'Script');
  return {
    js: sum((r) => r.type === 'Script'),
    jsBody: scripts.reduce((n, r) => n + (r.bytes ?? 0) - (r.headerBytes ?? 0), 0),
    css: sum((r) => r.type === 'Stylesheet'),
    all: sum(() => true),
    files: list.length,
    fcp,
    ready,
  };
}

/** The demo learner signed in on a fresh browser (the code comes from the mail the server really sent). */
async function signIn(browser, server) {
  const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'zh-TW' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('電子郵件').fill('learner@atrium.local');
  await page.getByLabel('密碼').fill('Learner123');
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await page.waitForURL('**/login/verify');
  const mail = await server.smtp.waitForMail('learner@atrium.local', () => true);
  await page.getByLabel('驗證碼').fill(codeIn(mail));
  await page.getByRole('button', { name: '驗證並登入' }).click();
  await page.waitForURL('**/dashboard');
  const state = await context.storageState();
  await context.close();
  return state;
}

const server = await startTestServer('pglite', { NODE_ENV: 'development' });
const browser = await launchBrowser();
try {
  const signedIn = await signIn(browser, server);
  const screens = [
    { path: '/login', ready: (p) => p.getByRole('button', { name: '登入', exact: true }).waitFor() },
    {
      path: '/dashboard',
      // Ready when the cards hold their answers (no placeholder left), not only the greeting.
      ready: async (p) => {
        await p.getByTestId('greeting').waitFor();
        await p.locator('.placeholder-glow').first().waitFor({ state: 'detached' });
      },
      state: signedIn,
    },
  ];
  console.log(`first-load: median of ${RUNS} cold loads; the screen's own bytes, the prefetch apart`);
  console.log(
    'screen      link         JS+headers JS bodies  CSS        all        files  FCP      ready    +prefetch JS  budget',
  );
  for (const screen of screens) {
    for (const [name, link] of Object.entries(LINKS)) {
      const own = [];
      const withPrefetch = [];
      for (let i = 0; i < RUNS; i++) {
        own.push(await measure(browser, server.baseUrl, screen, link, true));
        withPrefetch.push(await measure(browser, server.baseUrl, screen, link, false));
      }
      const m = (k) => median(own.map((r) => r[k]));
      const prefetch = Math.max(0, median(withPrefetch.map((r) => r.js)) - m('js'));
      // The budget counts JavaScript on the wire the strict way: compressed bodies and their HTTP headers.
      const budget =
        screen.path === '/login'
          ? `JS+headers ≤ ${kb(LOGIN_JS_BUDGET)}: ${m('js') <= LOGIN_JS_BUDGET ? 'met' : 'MISSED'}`
          : '';
      console.log(
        [
          screen.path.padEnd(11),
          name.padEnd(12),
          kb(m('js')).padEnd(10),
          kb(m('jsBody')).padEnd(10),
          kb(m('css')).padEnd(10),
          kb(m('all')).padEnd(10),
          String(m('files')).padEnd(6),
          `${Math.round(m('fcp'))} ms`.padEnd(8),
          `${Math.round(m('ready'))} ms`.padEnd(8),
          kb(prefetch).padEnd(13),
          budget,
        ].join(' '),
      );
    }
  }
} finally {
  await browser.close();
  await server.close();
}
