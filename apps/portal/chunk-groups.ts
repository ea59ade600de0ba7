import type { Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;

// Chunk groups by package and folder, never by file name (ADR 0016, 0079): a new file lands in its folder's
// chunk without anyone editing this list, and a renamed one cannot slip out of it.

/** The npm package a module belongs to (`@scope/name` or `name`), or undefined for our own sources. */
export function packageOf(id: string): string | undefined {
  const parts = id.split(/[\\/]node_modules[\\/]/);
  if (parts.length < 2) return undefined;
  const [first = '', second = ''] = (parts.at(-1) ?? '').split(/[\\/]/);
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/** Whether a module of ours lives under one of these repository folders (`packages/web/src`, …). */
export function inFolder(id: string, ...folders: string[]): boolean {
  if (packageOf(id)) return false;
  const path = id.replaceAll('\\', '/');
  return folders.some((f) => path.includes(`/${f}/`));
}

const inPackage = (id: string, ...names: string[]) => {
  const name = packageOf(id);
  return (
    name !== undefined &&
    names.some((n) => name === n || (n.endsWith('*') && name.startsWith(n.slice(0, -1))))
  );
};

/** The rule libraries (zod and its form adapter): the sign-in screen paints without them. */
const RULES = ['zod', '@hookform/resolvers'];

const SHARED = ['packages/protocol/src', 'packages/web/src', 'apps/portal/src/components'];
const needingRules = new Map<string, boolean>();

function needsRules(id: string, ctx: ChunkingContext): boolean {
  if (inPackage(id, ...RULES)) return true;
  if (!inFolder(id, ...SHARED)) return false;
  const known = needingRules.get(id);
  if (known !== undefined) return known;
  needingRules.set(id, false); // an import cycle ends here; its other paths still decide
  const needs = (ctx.getModuleInfo(id)?.importedIds ?? []).some((i) => needsRules(i, ctx));
  needingRules.set(id, needs);
  return needs;
}

const SHARED_LIBRARIES = [
  'i18next',
  'react-i18next',
  'html-parse-stringify',
  'void-elements',
  'use-sync-external-store',
  '@tanstack/*',
  'react-bootstrap',
  '@restart/*',
  'dom-helpers',
  'react-transition-group',
  'uncontrollable',
  'prop-types',
  'react-is',
  'warning',
  'invariant',
  'classnames',
  '@react-aria/*',
  '@popperjs/*',
  'react-lifecycles-compat',
  '@babel/runtime',
];
/** The portal's own parts that several screens share. */
const SHARED_SCREEN_PARTS = ['apps/portal/src/components', 'apps/portal/src/layouts'];
/** The folder of the screens a visitor sees before signing in; with the entry, what a first load can need. */
const PUBLIC_SCREENS = 'apps/portal/src/routes/account/';
const onPublic = new Map<string, boolean>();

/** Whether the entry or a public screen imports a module, statically, directly or through others. */
function onPublicScreens(id: string, ctx: ChunkingContext): boolean {
  const known = onPublic.get(id);
  if (known !== undefined) return known;
  onPublic.set(id, false); // an import cycle ends here; its other paths still decide
  const info = ctx.getModuleInfo(id);
  const path = id.replaceAll('\\', '/');
  const yes =
    !!info &&
    (info.isEntry ||
      (!packageOf(id) && path.includes(`/${PUBLIC_SCREENS}`)) ||
      info.importers.some((i) => onPublicScreens(i, ctx)));
  onPublic.set(id, yes);
  return yes;
}

export const chunkGroups: Rolldown.CodeSplittingGroup[] = [
  // The tracker and its libraries load after sign-in (a dynamic import), never with the sign-in screens.
  {
    name: 'tracker',
    test: (id) => inPackage(id, '@rrweb/*', 'rrweb*', 'web-vitals') || inFolder(id, 'packages/tracker/src'),
    priority: 5,
  },
  // React and the router: the largest part of every screen, and the part that changes least.
  {
    name: 'react',
    test: (id) =>
      inPackage(id, 'react', 'react-dom', 'scheduler', 'react-router', 'cookie', 'set-cookie-parser'),
    priority: 4,
  },
  // The rules: zod, the resolver, and every shared module that needs zod, itself or through what it imports
  // (packages/protocol's contracts, the form helpers that check with them). A zod-free module of those
  // folders (an address redactor, a key) stays with whoever imports it, so importing it never brings zod.
  {
    name: (id, ctx) => (needsRules(id, ctx) ? 'validation' : null),
    priority: 3,
  },
  // Form state and the shared fields: needed to paint a form.
  {
    name: 'forms',
    test: (id) =>
      inPackage(id, 'react-hook-form') ||
      inFolder(id, 'packages/web/src/components/form', 'apps/portal/src/components/form'),
    priority: 2,
  },
  // The libraries the screens share (i18n, TanStack Query, react-bootstrap's family), the shared client
  // (HTTP client, session, toasts, i18n) and the portal's shared components and layouts: few files, since
  // every file costs a round trip and its headers on HTTP/1.1 (ADR 0016). What the entry or a public screen
  // imports is 'base'; a part only signed-in screens reach (modal, navbar, cards, the side menu…) is 'ui',
  // so the sign-in screens do not download it.
  {
    name: (id, ctx) => {
      if (inFolder(id, 'packages/web/src', 'apps/portal/src/app', 'apps/portal/src/i18n')) return 'base';
      if (!inPackage(id, ...SHARED_LIBRARIES) && !inFolder(id, ...SHARED_SCREEN_PARTS)) return null;
      return onPublicScreens(id, ctx) ? 'base' : 'ui';
    },
    priority: 1,
  },
];
