import { PORTAL_PROJECT } from '../src/db/seed/seed-ingest.ts';

/**
 * The body a tracker sends to `POST /ingest/v1/web/start` (spec 2 §7), for the portal's project; tests and
 * benches override what they care about (tab, user, page).
 */
export function trackerStartBody(overrides: Record<string, unknown> = {}) {
  return {
    trackerVersion: '15.0.3',
    projectKey: PORTAL_PROJECT.key,
    timestamp: Date.now(),
    doNotRecord: false,
    bufferDiff: 0,
    userID: null,
    token: null,
    deviceMemory: 8,
    jsHeapSizeLimit: 4_294_705_152,
    timezone: '+08:00',
    condition: null,
    assistOnly: false,
    width: 1440,
    height: 900,
    url: 'https://portal.example/learn',
    referrer: '',
    tabId: 'tab-1',
    ...overrides,
  };
}
