// Type-checks every workspace with its own tsconfig (DOM for browsers, node for the server),
// so a browser package can never lean on Node types or the other way round.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const roots = ['packages', 'apps'];
const projects = roots.flatMap((root) =>
  existsSync(root) ? readdirSync(root).map((name) => `${root}/${name}`) : [],
);
projects.push('e2e', 'bench');
let failed = 0;
for (const dir of projects) {
  if (!existsSync(`${dir}/tsconfig.json`)) continue;
  const run = spawnSync('npx', ['tsc', '--noEmit', '-p', dir], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
  else console.log(`typecheck: ${dir} ok`);
}
process.exit(failed ? 1 : 0);
