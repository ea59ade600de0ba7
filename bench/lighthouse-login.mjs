// Lighthouse's mobile performance run of /login (issue 33 asks for ≥ 95 with LCP ≤ 2.5 s), against the built
// portal served by the server as its own process. Lighthouse is no dependency of the project: npx fetches the
// pinned 12.2.3 (13 wants Node 22) into its cache on the first run. Median of BENCH_RUNS (default 3) runs;
// Lighthouse simulates a mid-range phone on slow 4G, so its figures move less with this machine's load than
// a real trace would, but they still move. Needs the built portal and /usr/bin/chromium. Figures only.
import { execFileSync } from 'node:child_process';
import { startLocalServer } from './local-server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await startLocalServer('lighthouse');
await server.ready();
try {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const report = execFileSync(
      'npx',
      [
        '-y',
        'lighthouse@12.2.3',
        `${server.base}/login`,
        '--only-categories=performance',
        '--output=json',
        '--quiet',
        '--chrome-flags=--headless=new --no-sandbox',
      ],
      { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, maxBuffer: 1 << 30 },
    );
    const { categories, audits } = JSON.parse(report);
    runs.push({
      score: Math.round(categories.performance.score * 100),
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
    });
  }
  const m = (k) => Math.round(median(runs.map((r) => r[k])));
  console.log(`lighthouse /login (mobile), median of ${RUNS}: score ${m('score')} (wanted ≥ 95)`);
  console.log(`  FCP ${m('fcp')} ms, LCP ${m('lcp')} ms (wanted ≤ 2500), TBT ${m('tbt')} ms`);
} finally {
  await server.stop();
}
