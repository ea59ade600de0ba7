// The whole test suite, as README's `npm install && npm test` runs it: lint, typecheck, unit and
// integration tests (PGlite always, PostgreSQL too when DATABASE_URL is set), then end-to-end journeys
// in Debian's Chromium against the built portal. Ends with one 'N passed, N failed' line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { ensureNginx } from './ensure-nginx.mjs';

const CHROMIUM = '/usr/bin/chromium';

function run(cmd, args, extraEnv = {}) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  return result.status ?? 1;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log("Chromium is missing: installing Debian's chromium package");
  if (
    run('bash', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
    ]) !== 0
  ) {
    console.error('Could not install chromium; end-to-end tests need /usr/bin/chromium');
    process.exit(1);
  }
}

function countResults(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0, failures: [] };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  // CI shows only the tail of the output: the failed tests must be named there, with their first error line.
  const failures = [];
  for (const suite of report.testResults ?? []) {
    const where = relative(process.cwd(), suite.name ?? '');
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed'))
      failures.push(`${where}: ${firstLine(suite.message)}`);
    for (const t of suite.assertionResults ?? [])
      if (t.status === 'failed')
        failures.push(`${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  }
  return {
    failures,
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0),
    // Suites that skip themselves (Redis absent, say) must show: a green line can hide them otherwise.
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((l) => l.trim()) ?? '';

// Absolute report paths: the e2e config has its own root. Old reports must not count for this run.
rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });
const stages = [];
const stage = (name, status) => {
  stages.push({ name, ok: status === 0 });
  if (status !== 0) console.error(`\n✗ ${name} failed`);
};

// The tracker's browser tests run in the unit stage, so Chromium must be there before it.
ensureChromium();
// The several-processes test puts the server behind Debian's nginx (apps/server/test/processes-behind-nginx.test.ts).
if (!ensureNginx())
  console.error('Could not install nginx: the several-processes test will say it is missing');
stage('lint', run('npx', ['biome', 'check', '.']));
stage('boundaries', run('node', ['scripts/check-boundaries.mjs']));
stage('typecheck', run('node', ['scripts/typecheck.mjs']));
stage(
  'unit and integration',
  run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resolve('test-results/unit.json')}`,
  ]),
);
stage('build', run('node', ['scripts/build-stale.mjs']));
stage(
  'end-to-end',
  run('npx', [
    'vitest',
    'run',
    '--config',
    'e2e/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resolve('test-results/e2e.json')}`,
  ]),
);

const unit = countResults('test-results/unit.json');
const e2e = countResults('test-results/e2e.json');
const failedStages = stages.filter((s) => !s.ok).map((s) => s.name);
console.log(`\nstages: ${stages.map((s) => `${s.name} ${s.ok ? 'ok' : 'FAILED'}`).join(', ')}`);
const line = (r) => `${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`;
console.log(`unit and integration: ${line(unit)}`);
console.log(`end-to-end: ${line(e2e)}`);
for (const f of [...unit.failures, ...e2e.failures]) console.log(`  ✗ ${f.slice(0, 400)}`);
const failed =
  unit.failed +
  e2e.failed +
  (['lint', 'boundaries', 'typecheck', 'build'].some((s) => failedStages.includes(s)) ? 1 : 0);
console.log(line({ passed: unit.passed + e2e.passed, failed, skipped: unit.skipped + e2e.skipped }));
process.exit(failedStages.length ? 1 : 0);
