import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, 'check-boundaries.mjs');
const roots: string[] = [];

/** A repository tree of the given files, checked as `npm run lint` checks the real one. */
function check(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const mod = (name: string, file: string) => `apps/server/src/modules/${name}/${file}`;

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the boundary check (npm run lint)', () => {
  it('passes a lower module imported by a higher one', () => {
    const run = check({
      [mod('account', 'index.ts')]: 'export const a = 1;\n',
      [mod('tasks', 'index.ts')]: "import { a } from '../account/index.ts';\nexport const b = a;\n",
    });
    expect(run.output).toContain('Module boundaries hold');
    expect(run.status).toBe(0);
  });

  it('fails a lower module importing a higher one, naming the file', () => {
    const run = check({
      [mod('tasks', 'index.ts')]: 'export const b = 1;\n',
      [mod('training', 'list-classes.ts')]: "import { b } from '../tasks/index.ts';\nexport const c = b;\n",
    });
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      "apps/server/src/modules/training/list-classes.ts: module 'training' imports 'tasks', which stands above it",
    );
  });

  it('fails a type-only import against the order too', () => {
    const run = check({
      [mod('tasks', 'index.ts')]: 'export type B = number;\n',
      [mod('notify', 'send.ts')]: "import type { B } from '../tasks/index.ts';\nexport const c: B = 1;\n",
    });
    expect(run.status).toBe(1);
    expect(run.output).toContain("apps/server/src/modules/notify/send.ts: module 'notify' imports 'tasks'");
  });

  it('fails a module missing from the declared order', () => {
    const run = check({
      [mod('account', 'index.ts')]: 'export const a = 1;\n',
      [mod('badges', 'award.ts')]: "import { a } from '../account/index.ts';\nexport const c = a;\n",
    });
    expect(run.status).toBe(1);
    expect(run.output).toContain("module 'badges' has no place in MODULE_ORDER");
  });

  it('fails a run-time import cycle between files, naming every file of it', () => {
    const run = check({
      'packages/tracker/src/app.ts':
        "import { start } from './start.ts';\nexport const app = () => start();\n",
      'packages/tracker/src/start.ts':
        "import { stop } from './stop.ts';\nexport const start = () => stop();\n",
      'packages/tracker/src/stop.ts': "import { app } from './app.ts';\nexport const stop = () => app;\n",
    });
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      'import cycle between 3 files: packages/tracker/src/app.ts, packages/tracker/src/start.ts, packages/tracker/src/stop.ts',
    );
  });

  it('finds a cycle through a workspace package name', () => {
    const run = check({
      'packages/protocol/src/index.ts': "import { x } from './x.ts';\nexport const y = x;\n",
      'packages/protocol/src/x.ts': "import { y } from '@atrium/protocol';\nexport const x = () => y;\n",
    });
    expect(run.status).toBe(1);
    expect(run.output).toContain('import cycle between 2 files');
  });

  it('lets type-only and dynamic imports close a loop: they do not run while the module loads', () => {
    const run = check({
      'apps/portal/src/app.ts':
        "import { page } from './page.ts';\nexport type App = string;\nexport const app = page;\n",
      'apps/portal/src/page.ts':
        "import type { App } from './app.ts';\nexport const page = (): App => 'p';\nexport const later = () => import('./app.ts');\n",
    });
    expect(run.output).toContain('Module boundaries hold');
    expect(run.status).toBe(0);
  });
});
