import { redactUrl } from '@atrium/protocol/redact-url';
import type { InputMode, NetworkRecord, Options } from '@atrium/tracker';

/** The project every portal deployment records into unless VITE_TRACKER_PROJECT_KEY names another. */
export const DEFAULT_PROJECT_KEY = 'atrium-portal';

const LOOPBACK_HTTP = /^http:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/;

// Type-only import above: the tracker's code stays in its own lazily loaded chunk.
const OBSCURED: InputMode = 1;

/**
 * How the portal records its learners. Privacy first: every field value is obscured (`*` per character, so
 * the replay shows typing and length, never the words) because learners type real names, self-descriptions
 * and answers, and the plain mode's rules (four digits, `@`) only catch an e-mail once its `@` is typed.
 * A field that is safe to show may opt in with `data-atrium-input="plain"`; passwords stay hidden.
 */
export function portalTrackerOptions(env: { origin: string; projectKey?: string }): Options {
  return {
    projectKey: env.projectKey?.trim() || DEFAULT_PROJECT_KEY,
    ingestPoint: `${env.origin}/ingest`,
    respectDoNotTrack: true,
    // The tracker refuses plain http, loopback included (spec 2); a portal served over http on this machine
    // (development, the end-to-end tests) is recorded all the same.
    ...(LOOPBACK_HTTP.test(env.origin) ? { __DISABLE_SECURE_MODE: true } : {}),
    defaultInputMode: OBSCURED,
    obscureInputDates: true,
    obscureTextEmails: true,
    // The portal draws nothing on canvases; skipping canvas capture saves rrweb's extra worker.
    canvas: { disableCanvas: true },
    network: {
      capturePayload: false,
      // The xsrf header echoes a cookie: as secret as the cookies themselves.
      ignoreHeaders: ['cookie', 'set-cookie', 'authorization', 'x-xsrf-token'],
      sanitizer: redactRecord,
    },
  };
}

function redactRecord(record: NetworkRecord): NetworkRecord {
  return { ...record, url: redactUrl(record.url) };
}
