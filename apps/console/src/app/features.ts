import i18n from '@atrium/web/i18n/init-i18n.ts';
import { requestRecordingEarly } from '../features/sessions/player/early-recording.ts';
import type { ConsoleFeature } from './console-feature.ts';

// Opened on a session's page: its recording is asked for now, alongside the chunks below (ADR 0028).
requestRecordingEarly(window.location);

/**
 * The registry: one line per feature folder (`src/features/<name>/routes.tsx`, whose default export is a
 * ConsoleFeature), in navigation order. Each loads as its own chunk, all in parallel at start.
 */
const modules = await Promise.all([
  // Features, one per line (the comment keeps the formatter from folding the list):
  import('../features/home/routes.tsx'),
  import('../features/sessions/routes.tsx'),
  import('../features/issues/routes.tsx'),
  import('../features/click-maps/routes.tsx'),
  import('../features/community/routes.tsx'),
  import('../features/settings/routes.tsx'),
  import('../features/impersonation/routes.tsx'),
  import('../features/live/routes.tsx'),
  import('../features/assist/routes.tsx'),
  import('../features/assist-stats/routes.tsx'),
]);

export const features: ConsoleFeature[] = modules.map((module) => module.default);

for (const feature of features) {
  for (const [lng, messages] of Object.entries(feature.messages ?? {})) {
    i18n.addResourceBundle(lng, 'translation', messages, true, false);
  }
}
