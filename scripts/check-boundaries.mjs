// The dependency rules of docs/ARCHITECTURE.md, checked over every import so they fail the build instead of
// staying a wish. Run by `npm run lint` and `npm test`; prints each broken rule with the importing file.
//   1. packages/protocol imports no workspace code (zod only).
//   2. Apps never import each other.
//   3. tracker-assist imports the tracker's public entry only (`@atrium/tracker`, no deep paths).
//   4. A server module reaches another module only through that module's `index.ts`; code outside modules/
//      (the composition root, CLI, seed, test helpers) through `index.ts` or a `*routes.ts` / `*-plugin.ts`.
//   5. A server module reads and writes only its own tables (db/schema/<module>.ts); tests may look anywhere.
//   6. lib/ and db/ (but the seed, which composes modules like app.ts) never import modules/.
//   7. Server modules stand in MODULE_ORDER: a module imports only modules below it, type-only imports too
//      (they do not run, but they couple: ADR 0080); its tests may import any module.
//   8. No cycle of run-time imports between files anywhere in apps/ and packages/ (`import type` does not
//      run; `import()` loads after its importer has run, so neither closes a cycle).
// `node scripts/check-boundaries.mjs [root]`: the root defaults to this repository (the test passes a fixture).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(process.argv[2] ?? join(dirname(new URL(import.meta.url).pathname), '..'));

/**
 * The server modules, highest first: each may import only the modules after it. A new module takes the
 * place of the lowest module it needs to use, or lower (docs/CONTRIBUTING.md, "Adding a server module").
 */
const MODULE_ORDER = [
  // Observers of the whole process.
  'health',
  'metrics',
  // Staff views over several modules.
  'learners',
  'discussion',
  'assist',
  'replay',
  'ingest',
  // Issue 33's split slots in here: `tracker-settings` and `recordings` go below `ingest` (recordings
  // owns every recording table; ingest and replay write and read through it), both above `tasks`.
  'tasks',
  'training',
  'notify',
  'courses',
  'profile',
  'oidc',
  'uploads',
  'impersonation',
  'dev-mail',
  'account',
];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', '.git']);

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP_DIRS.has(name)) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : SOURCE.test(name) ? [path] : [];
  });
}

/**
 * Every static and dynamic import specifier of a file, with its named bindings when it has them. `typeOnly`:
 * `import type` / `export type`, erased at build (`import { type A }` still loads its module under
 * verbatimModuleSyntax); `dynamic`: `import()`.
 */
function importsOf(source) {
  const found = [];
  const pattern =
    /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:([\w$*\s{},]*?)\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of source.matchAll(pattern)) {
    const specifier = m[3] ?? m[4];
    const names = (m[2]?.match(/\{([^}]*)\}/)?.[1] ?? '')
      .split(',')
      .map(
        (part) =>
          part
            .replace(/^\s*type\s+/, '')
            .trim()
            .split(/\s+as\s+/)[0],
      )
      .filter(Boolean);
    found.push({ specifier, names, typeOnly: Boolean(m[1]), dynamic: Boolean(m[4]) });
  }
  return found;
}

const rel = (path) => relative(root, path).split(sep).join('/');
const serverSrc = 'apps/server/src';

// Which module owns each table: the schema file's name.
const tableOwner = new Map();
const schemaDir = join(root, serverSrc, 'db/schema');
for (const file of existsSync(schemaDir) ? readdirSync(schemaDir) : []) {
  const owner = file.replace(/\.ts$/, '');
  const source = readFileSync(join(root, serverSrc, 'db/schema', file), 'utf8');
  for (const m of source.matchAll(/export const (\w+)\s*=\s*pgTable/g)) tableOwner.set(m[1], owner);
}

const problems = [];
const files = ['apps', 'packages']
  .flatMap((dir) => (existsSync(join(root, dir)) ? walk(join(root, dir)) : []))
  .map(rel);
const known = new Set(files);
const rank = new Map(MODULE_ORDER.map((name, i) => [name, MODULE_ORDER.length - i]));
/** file → the files it imports at run time (rule 8). */
const runtimeImports = new Map(files.map((file) => [file, new Set()]));

/** The repository file an import lands on: relative paths, and the workspace packages by their `exports`. */
function resolveImport(file, specifier) {
  let base;
  if (specifier.startsWith('.')) base = rel(resolve(root, dirname(file), specifier));
  else {
    const m = specifier.match(/^@atrium\/([\w-]+)(?:\/(.+))?$/);
    if (!m) return null;
    base = m[2] ? `packages/${m[1]}/src/${m[2]}` : `packages/${m[1]}/src/index`;
  }
  return (
    [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => known.has(candidate)) ?? null
  );
}

for (const file of files) {
  const source = readFileSync(join(root, file), 'utf8');
  const isTest = /\.test\.tsx?$|\/test\//.test(file);
  const app = file.match(/^apps\/([^/]+)\//)?.[1];
  const moduleOf = (path) => path.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1];
  const fromModule = moduleOf(file);

  for (const { specifier, names, typeOnly, dynamic } of importsOf(source)) {
    const target = specifier.startsWith('.') ? rel(resolve(root, dirname(file), specifier)) : null;
    const say = (rule) => problems.push(`${file}: ${rule} (imports '${specifier}')`);
    const landsOn = resolveImport(file, specifier);
    if (landsOn && !typeOnly && !dynamic && landsOn !== file) runtimeImports.get(file).add(landsOn);

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
      // Tests may look above their module: they watch a whole reaction (a deletion and what it takes along).
      if (!fromModule || isTest) {
        // Not a module's own code: the order does not apply.
      } else if (!rank.has(fromModule)) say(`module '${fromModule}' has no place in MODULE_ORDER`);
      else if (!rank.has(toModule)) say(`module '${toModule}' has no place in MODULE_ORDER`);
      else if (rank.get(toModule) > rank.get(fromModule))
        say(`module '${fromModule}' imports '${toModule}', which stands above it in MODULE_ORDER`);
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

// Rule 8: Tarjan's strongly connected components; a component of two or more files is a cycle.
{
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let next = 0;
  const visit = (start) => {
    // Iterative, so a long import chain cannot overflow the call stack.
    const work = [[start, [...runtimeImports.get(start)], 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, targets] = frame;
      if (frame[2] < targets.length) {
        const target = targets[frame[2]++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, [...runtimeImports.get(target)], 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1)
          problems.push(`import cycle between ${component.length} files: ${component.sort().join(', ')}`);
      }
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
}

if (problems.length) {
  console.error(
    `Module boundaries broken (${problems.length}); see docs/ARCHITECTURE.md "Dependency rules":`,
  );
  for (const problem of problems) console.error(`- ${problem}`);
  process.exit(1);
}
console.log(`Module boundaries hold (${files.length} files).`);
