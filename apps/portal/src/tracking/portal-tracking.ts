import { LEARNER_METADATA_KEY } from '@atrium/protocol/tracker/learner-metadata-key';
import type { Tracker } from '@atrium/tracker';
import { apiCall } from '@atrium/web/api/client.ts';
import i18n from '../i18n/index.ts';
import { portalAssistOptions } from './assist-options.ts';
import { portalTrackerOptions } from './tracker-options.ts';

/** Which user this tab's recording belongs to: a different user (or none) starts a new session. */
export const TRACKED_USER_KEY = 'atrium_tracked_user';

let loading: Promise<Tracker | null> | null = null;
let loaded: Tracker | null = null;
let trackedUser: string | null = null;
// Bumped by every start and stop, so a start still loading after a stop (or a newer start) gives up.
let generation = 0;

/** Spec 1 §8: a tracker problem is logged for developers and never shown to the learner. */
function logProblem(what: string, detail: unknown): void {
  console.warn(`[Atrium] session recording ${what}:`, detail);
}

/**
 * The tracker with its live-assist plugin, loaded on first use: their chunks (rrweb, socket.io) never slow
 * the sign-in screens. The plugin holds one socket per tab and waits for an agent (spec 1 §4).
 */
function loadTracker(): Promise<Tracker | null> {
  loading ??= Promise.all([import('@atrium/tracker'), import('@atrium/tracker-assist')])
    .then(([{ Tracker }, { trackerAssist }]) => {
      const env = { origin: location.origin, projectKey: import.meta.env.VITE_TRACKER_PROJECT_KEY };
      const tracker = new Tracker(portalTrackerOptions(env));
      tracker.use(trackerAssist(portalAssistOptions((key) => i18n.t(key))));
      loaded = tracker;
      return loaded;
    })
    .catch((error: unknown) => {
      logProblem('could not load', error);
      loading = null; // a failed chunk download may succeed on the next sign-in
      return null;
    });
  return loading;
}

/**
 * Who this tab recorded last, or — for a tab just opened, whose session storage is empty unless
 * `window.open` copied it (a typed address, Ctrl+click) — who this browser recorded last. The same learner
 * joins the visit running in their other tabs; anyone else starts a session of their own.
 */
function readTrackedUser(): string | null {
  try {
    return sessionStorage.getItem(TRACKED_USER_KEY) ?? localStorage.getItem(TRACKED_USER_KEY);
  } catch {
    return null;
  }
}

function writeTrackedUser(userId: string | null): void {
  try {
    for (const storage of [sessionStorage, localStorage]) {
      if (userId) storage.setItem(TRACKED_USER_KEY, userId);
      else storage.removeItem(TRACKED_USER_KEY);
    }
  } catch {
    // storage refused (private mode): the session simply continues or restarts on the server's terms
  }
}

/** A signed assertion of the signed-in learner for the ingest (ADR 0045); without one the id is only claimed. */
async function learnerAssertion(): Promise<string | null> {
  try {
    return (await apiCall<{ assertion: string }>('POST', '/v1/user/tracking-assertion')).assertion;
  } catch (error) {
    logProblem('has no learner assertion', error);
    return null;
  }
}

/**
 * Records this tab for `userId`; calling it again for the same user does nothing. An admin viewing as the
 * learner records a session of its own, marked `impersonated` (ADR 0035), never the learner's ongoing one.
 */
export function startTracking(learnerId: string, impersonated = false): void {
  const userId = impersonated ? `${learnerId}#impersonated` : learnerId;
  if (trackedUser === userId) return;
  trackedUser = userId;
  const mine = ++generation;
  void (async () => {
    const tracker = await loadTracker();
    if (!tracker || mine !== generation) return;
    if (tracker.getState() !== 'NotActive') tracker.stop();
    // A reload continues the tab's session; another user in the same tab gets a session of their own.
    const forceNew = readTrackedUser() !== userId;
    writeTrackedUser(userId);
    const assertion = await learnerAssertion();
    if (mine !== generation) return;
    const result = await tracker.start({
      userID: learnerId,
      forceNew,
      metadata: {
        ...(impersonated ? { impersonated: '1' } : {}),
        // The server's word for who is signed in: the recording's learner is verified, not only claimed.
        ...(assertion ? { [LEARNER_METADATA_KEY]: assertion } : {}),
      },
    });
    if (!result.success && mine === generation) logProblem('did not start', result.reason);
  })().catch((error: unknown) => logProblem('failed', error));
}

/** Stops recording (sign-out, expired session); what was recorded so far is still delivered. */
export function stopTracking(): void {
  if (trackedUser === null) return;
  trackedUser = null;
  generation += 1;
  writeTrackedUser(null);
  // At once, not a tick later: sign-out navigates to /login right after, and that page is not recorded.
  loaded?.stop();
}
