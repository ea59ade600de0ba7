// The dependency rules of docs/ARCHITECTURE.md, checked over every import so they fail the build instead of
// staying a wish. Run by `npm run lint` and `npm test`; prints each broken rule with the importing file.
//   1. packages/protocol imports no workspace code (zod only).
//   2. Apps never import each other.
//   3. tracker-assist imports the tracker's public entry only (`@atrium/tracker`, no deep paths).
//   4. A server module reaches another module only through that module's `index.ts`; code outside modules/
//      (the composition root, CLI, seed, test helpers) through `index.ts` or a `*routes.ts` / `*-plugin.ts`.
//   5. A server module reads and writes only its own tables (db/schema/<module>.ts); tests may look anywhere.
//   6. lib/ and db/ (but the seed, which composes modules like app.ts) never import modules/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', '.git']);

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP_DIRS.has(name)) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : SOURCE.test(name) ? [path] : [];
  });
}

/** Every static and dynamic import specifier of a file, with its named bindings when it has them. */
function importsOf(source) {
  const found = [];
  const pattern =
    /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:([\w$*\s{},]*?)\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of source.matchAll(pattern)) {
    const specifier = m[2] ?? m[3];
    const names = (m[1]?.match(/\{([^}]*)\}/)?.[1] ?? '')
      .split(',')
      .map(
        (part) =>
          part
            .replace(/^\s*type\s+/, '')
            .trim()
            .split(/\s+as\s+/)[0],
      )
      .filter(Boolean);
    found.push({ specifier, names });
  }
  return found;
}

const rel = (path) => relative(root, path).split(sep).join('/');
const serverSrc = 'apps/server/src';

// Which module owns each table: the schema file's name.
const tableOwner = new Map();
for (const file of readdirSync(join(root, serverSrc, 'db/schema'))) {
  const owner = file.replace(/\.ts$/, '');
  const source = readFileSync(join(root, serverSrc, 'db/schema', file), 'utf8');
  for (const m of source.matchAll(/export const (\w+)\s*=\s*pgTable/g)) tableOwner.set(m[1], owner);
}

const problems = [];
const files = [...walk(join(root, 'apps')), ...walk(join(root, 'packages'))].map(rel);

for (const file of files) {
  const source = readFileSync(join(root, file), 'utf8');
  const isTest = /\.test\.tsx?$|\/test\//.test(file);
  const app = file.match(/^apps\/([^/]+)\//)?.[1];
  const moduleOf = (path) => path.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1];
  const fromModule = moduleOf(file);

  for (const { specifier, names } of importsOf(source)) {
    const target = specifier.startsWith('.') ? rel(resolve(root, dirname(file), specifier)) : null;
    const say = (rule) => problems.push(`${file}: ${rule} (imports '${specifier}')`);

    if (
      file.startsWith('packages/protocol/') &&
      (target ? !target.startsWith('packages/protocol/') : specifier.startsWith('@atrium/'))
    ) {
      say('protocol depends on no workspace code');
    }
    if (app) {
      const otherApp =
        target?.match(/^apps\/([^/]+)\//)?.[1] ?? specifier.match(/^@atrium\/(server|portal|console)\b/)?.[1];
      if (otherApp && otherApp !== app) say(`apps never import each other (${app} → ${otherApp})`);
    }
    if (file.startsWith('packages/tracker-assist/')) {
      if (/^@atrium\/tracker\//.test(specifier) || target?.startsWith('packages/tracker/')) {
        say("tracker-assist uses the tracker's public entry only");
      }
    }
    if (!target?.startsWith(`${serverSrc}/`)) continue;

    const toModule = moduleOf(target);
    if (toModule && toModule !== fromModule) {
      const entry = target.endsWith(`/modules/${toModule}/index.ts`);
      const outsideEntry = !fromModule && /(routes|-plugin)\.ts$/.test(target);
      if (!entry && !outsideEntry) say(`reach module '${toModule}' through its index.ts`);
    }
    if (
      !fromModule &&
      toModule &&
      /^apps\/server\/src\/(lib|db)\//.test(file) &&
      !file.includes('/db/seed/') &&
      !isTest
    ) {
      say('lib/ and db/ never import modules/');
    }
    if (fromModule && !isTest && /\/db\/schema(\.ts|\/[\w-]+\.ts)$/.test(target)) {
      for (const name of names) {
        const owner = tableOwner.get(name);
        if (owner && owner !== fromModule)
          say(`module '${fromModule}' reads '${owner}''s table ${name}: call ${owner}'s functions`);
      }
    }
  }
}

if (problems.length) {
  console.error(
    `Module boundaries broken (${problems.length}); see docs/ARCHITECTURE.md "Dependency rules":`,
  );
  for (const problem of problems) console.error(`- ${problem}`);
  process.exit(1);
}
console.log(`Module boundaries hold (${files.length} files).`);
