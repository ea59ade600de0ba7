import { INGEST_PATHS } from '@atrium/protocol/tracker/paths';
import type { App } from './app.ts';
import { ActivityState, randomId, type StartOptions, type StartResult } from './app-state.ts';
import { TrackerErrors } from './errors.ts';
import { listen } from './lib/listen.ts';
import { readStorage, StorageKeys, writeStorage } from './lib/storage.ts';
import { type Condition, ConditionsMatcher } from './modules/conditions.ts';
import { checkStartResponse, type SessionInfo } from './start-response.ts';
import { TRACKER_VERSION } from './version.ts';
import { Outbox, takeStoredUnsent } from './worker/outbox.ts';

// How long a start waits for other tabs of the site to answer (BroadcastChannel answers take a few ms).
const TAB_QUESTION_MS = 60;

/** A failed start, conditional start or upload as the caller sees it: the spec's words, or Unknown error. */
export function failedStart(e: unknown): StartResult {
  return {
    success: false,
    reason: e instanceof Error ? e.message : typeof e === 'string' ? e : TrackerErrors.unknown,
  };
}

export function startResult(session: SessionInfo): StartResult {
  return {
    success: true,
    sessionID: session.sessionID,
    sessionToken: session.token,
    userUUID: session.userUUID,
  };
}

interface StartRequestOptions {
  doNotRecord: boolean;
  bufferDiff: number;
  condition?: string;
  reset?: boolean;
  timestamp?: number;
}

/** POST /v1/web/start; throws the spec's error strings. */
export async function requestStart(app: App, opts: StartRequestOptions): Promise<SessionInfo> {
  const res = await app.fetch(`${app.options.ingestPoint}${INGEST_PATHS.start}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(startRequestBody(app, opts)),
  });
  if (res.status !== 200) {
    const text = await res.text().catch(() => '');
    throw new Error(TrackerErrors.serverError(res.status, text));
  }
  const json: unknown = await res.json().catch(() => null);
  const session = checkStartResponse(json);
  if (!session) throw new Error(TrackerErrors.incorrectResponse);
  return session;
}

/** Spec §4 start: waits to be visible and allowed, asks the other tabs and the worker, then the server. */
export async function startSession(
  app: App,
  startOpts: StartOptions = {},
  condition?: string,
): Promise<StartResult> {
  if (app.state === ActivityState.Active || app.state === ActivityState.Starting) {
    console.error(TrackerErrors.alreadyStarted);
    return { success: false, reason: TrackerErrors.alreadyStarted };
  }
  const wasCold = app.state === ActivityState.ColdStart && !app.offline;
  if (app.offline) app.stop(false); // an offline recording is uploaded separately
  app.state = ActivityState.Starting;
  const generation = ++app.startGeneration;
  // A stop (or a newer start) while this one waited: it gives up quietly.
  const stopped = () => generation !== app.startGeneration;
  const overtaken: StartResult = { success: false, reason: TrackerErrors.stoppedDuringStart };
  const link = app.link;
  if (startOpts.userID !== undefined) app.userID = startOpts.userID;
  if (startOpts.metadata) Object.assign(app.metadata, startOpts.metadata);
  try {
    await waitVisible(app);
    await Promise.allSettled([...app.startGates]);
    if (stopped()) return overtaken;
    if (!app.options.assistOnly && !link.ensure()) throw new Error(TrackerErrors.noWorker);
    const [replies, workerRuns] = await Promise.all([
      app.tabs.ask(
        app.tabId,
        TAB_QUESTION_MS,
        app.natives.setTimeout,
        readStorage('session', StorageKeys.token),
      ),
      app.options.assistOnly ? true : link.answers(),
    ]);
    if (!workerRuns) {
      // Never "started" while nothing can ever be uploaded and memory grows: fail with the spec's words.
      link.drop();
      throw new Error(TrackerErrors.noWorker);
    }
    if (stopped()) return overtaken;
    if (replies.duplicate) app.becomeNewTab();
    // A new tab of the site joins the session running in another tab (spec 2 §3), under its own tab id.
    if (replies.token && !startOpts.forceNew && !readStorage('session', StorageKeys.token))
      writeStorage('session', StorageKeys.token, replies.token);
    const now = Date.now();
    const pageNo = Number(readStorage('session', StorageKeys.pageNo) ?? '0') + 1;
    writeStorage('session', StorageKeys.pageNo, String(pageNo));
    const history = wasCold ? app.takeColdHistory() : [];
    const firstTs = history[0]?.[0] ? (JSON.parse(history[0][0]) as unknown[])[1] : undefined;
    const session = await requestStart(app, {
      doNotRecord: false,
      bufferDiff: typeof firstTs === 'number' ? now - firstTs : 0,
      condition,
      reset: startOpts.forceNew,
    });
    if (stopped()) return overtaken;
    app.session = session;
    writeStorage('session', StorageKeys.token, session.token);
    writeStorage('local', StorageKeys.userUUID, session.userUUID);
    app.delay = Number.isFinite(session.delay) ? session.delay : 0;
    app.assistOnly = app.options.assistOnly || session.assistOnly;
    const buffers = app.buffers;
    if (app.assistOnly) {
      // Nothing is uploaded: what was recorded before the start has been given to the plugins already.
      buffers.starting = [];
      buffers.recount();
      app.activate(wasCold);
      return startResult(session);
    }
    const live = link.worker;
    if (!live) throw new Error(TrackerErrors.noWorkerAfterStart);
    link.begin(pageNo, now, app.env.window.location.href, app.tabId);
    const outbox = new Outbox({
      tabId: app.tabId,
      pageNo,
      pageKey: randomId().slice(0, 8),
      beaconSizeLimit: session.beaconSizeLimit ?? 1_000_000,
      post: (batch) => live.postMessage({ type: 'batch', batch }),
      setTimeout: app.natives.setTimeout,
      clearTimeout: app.natives.clearTimeout,
    });
    app.outbox = outbox;
    // What an earlier page of the tab could not confirm is sent first, under its own batch ids.
    const unsent = takeStoredUnsent();
    if (unsent.length > 0 && !startOpts.forceNew) {
      live.postMessage({ type: 'resend', batches: unsent });
      outbox.adopt(unsent);
    }
    for (const commit of history) outbox.add(commit);
    for (const commit of buffers.starting.splice(0)) outbox.add(commit);
    buffers.recount();
    link.auth(session);
    app.activate(wasCold);
    return startResult(session);
  } catch (e) {
    // Spec §4: a failed start stops the tracker and resets the session.
    if (!stopped()) {
      app.stop(false);
      writeStorage('session', StorageKeys.token, null);
    }
    return failedStart(e);
  }
}

/**
 * Conditional start (spec §7): a start with doNotRecord true gives the token, project and features; the
 * project's conditions are fetched and the cold-started recording really starts when one of them matches.
 */
export async function conditionalStart(app: App, startOpts: StartOptions): Promise<StartResult> {
  const generation = app.startGeneration;
  try {
    const s = await requestStart(app, { doNotRecord: true, bufferDiff: 0 });
    if (generation !== app.startGeneration || app.state !== ActivityState.ColdStart) {
      return { success: false, reason: TrackerErrors.stoppedDuringStart };
    }
    const res = await app.fetch(
      `${app.options.ingestPoint}${INGEST_PATHS.conditions}/${encodeURIComponent(s.projectID)}`,
      { headers: { Authorization: `Bearer ${s.token}` } },
    );
    const json = res.ok ? ((await res.json()) as { conditions?: Condition[] }) : {};
    const conditions = Array.isArray(json.conditions) ? json.conditions : [];
    app.conditions = new ConditionsMatcher(conditions, (name) => {
      app.conditions = null;
      void startSession(app, startOpts, name);
    });
    const cold = app.coldStartedAt;
    app.teardowns.push(
      app.onTick((tick) => {
        if (tick % 33 === 0) app.conditions?.feed({ type: 'duration', ms: Date.now() - cold });
      }),
    );
    if (s.features.includes('feature-flags'))
      void app.flags.reload(s.token, s.projectID).catch(() => undefined);
    return startResult(s);
  } catch (e) {
    return failedStart(e);
  }
}

/** The worker got 401: start again with the old token (the server continues the session). */
export async function renewToken(app: App): Promise<void> {
  if (app.renewing || app.state !== ActivityState.Active) return;
  app.renewing = true;
  try {
    const session = await requestStart(app, { doNotRecord: false, bufferDiff: 0 });
    if (app.state !== ActivityState.Active) return;
    app.session = session;
    writeStorage('session', StorageKeys.token, session.token);
    app.link.auth(session);
  } catch (e) {
    app.options.onWarning(`Atrium tracker: session renewal failed: ${String(e)}`);
    app.stop();
  } finally {
    app.renewing = false;
  }
}

function startRequestBody(app: App, opts: StartRequestOptions) {
  const w = app.env.window;
  const perf = w.performance as Performance & { memory?: { jsHeapSizeLimit?: number } };
  const nav = w.navigator as Navigator & { deviceMemory?: number };
  return {
    trackerVersion: TRACKER_VERSION,
    projectKey: app.options.projectKey,
    reset: opts.reset,
    timestamp: opts.timestamp ?? Date.now(),
    doNotRecord: opts.doNotRecord,
    bufferDiff: opts.bufferDiff,
    userID: app.userID,
    // The visitor stays the same person across sessions (kept in local storage, sent back on start).
    userUUID: readStorage('local', StorageKeys.userUUID),
    token: opts.reset ? null : readStorage('session', StorageKeys.token),
    deviceMemory: nav.deviceMemory ?? null,
    jsHeapSizeLimit: perf.memory?.jsHeapSizeLimit ?? null,
    timezone: timezoneOffset(),
    condition: opts.condition ?? null,
    assistOnly: app.options.assistOnly,
    width: w.screen?.width ?? w.innerWidth,
    height: w.screen?.height ?? w.innerHeight,
    url: w.location.href,
    referrer: w.document.referrer,
    tabId: app.tabId,
  };
}

/** A page opened in the background starts once it is first shown. */
async function waitVisible(app: App): Promise<void> {
  const doc = app.env.window.document;
  if (doc.visibilityState !== 'hidden') return;
  await new Promise<void>((resolve) => {
    const off = listen(doc, 'visibilitychange', () => {
      if (doc.visibilityState !== 'hidden') {
        off();
        resolve();
      }
    });
  });
}

/** "+08:00"-style offset of the browser's clock. */
function timezoneOffset(): string {
  const m = -new Date().getTimezoneOffset();
  const sign = m >= 0 ? '+' : '-';
  const abs = Math.abs(m);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
