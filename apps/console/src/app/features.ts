import i18n from '@atrium/web/i18n/init-i18n.ts';
import assistRoutes from '../features/assist/routes.tsx';
import assistStatsRoutes from '../features/assist-stats/routes.tsx';
import clickMapsRoutes from '../features/click-maps/routes.tsx';
import communityRoutes from '../features/community/routes.tsx';
import homeRoutes from '../features/home/routes.tsx';
import impersonationRoutes from '../features/impersonation/routes.tsx';
import issuesRoutes from '../features/issues/routes.tsx';
import liveRoutes from '../features/live/routes.tsx';
import sessionsRoutes from '../features/sessions/routes.tsx';
import settingsRoutes from '../features/settings/routes.tsx';
import type { ConsoleFeature } from './console-feature.ts';

/**
 * The registry: one import per feature folder (`src/features/<name>/routes.tsx`, whose default export is a
 * ConsoleFeature) and its place below, in navigation order. All features load at start; imported statically,
 * the page names every chunk up front (modulepreload) and the browser fetches them with the entry, not in a
 * second round trip once the entry has run (5 scripts instead of ~40 on a first open: ADR 0028).
 */
export const features: ConsoleFeature[] = [
  // Features, one per line (the comment keeps the formatter from folding the list):
  homeRoutes,
  sessionsRoutes,
  issuesRoutes,
  clickMapsRoutes,
  communityRoutes,
  settingsRoutes,
  impersonationRoutes,
  liveRoutes,
  assistRoutes,
  assistStatsRoutes,
];

for (const feature of features) {
  for (const [lng, messages] of Object.entries(feature.messages ?? {})) {
    i18n.addResourceBundle(lng, 'translation', messages, true, false);
  }
}
