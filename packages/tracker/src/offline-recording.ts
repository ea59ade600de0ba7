import type { App } from './app.ts';
import { ActivityState, type Commit, type StartResult } from './app-state.ts';
import { TrackerErrors } from './errors.ts';
import { saveOfflinePage } from './lib/offline-store.ts';
import { failedStart, requestStart, startResult } from './start-protocol.ts';

/** Spec §4 offline recording: one buffer, no session, until the page uploads it. */
export function startOffline(app: App): boolean {
  if (app.state !== ActivityState.NotActive) return false;
  app.offline = true;
  app.buffers.offline = [];
  app.state = ActivityState.ColdStart;
  app.coldStartedAt = Date.now();
  app.beginRecording();
  return true;
}

export function getOfflineBuffer(app: App): Commit[] {
  app.commit();
  return app.buffers.offline;
}

export function setOfflineBuffer(app: App, commits: Commit[]): boolean {
  if (!app.offline || !Array.isArray(commits)) return false;
  app.commit();
  app.buffers.offline = commits.filter((c) => Array.isArray(c) && c.every((m) => typeof m === 'string'));
  app.buffers.recount();
  return true;
}

/** Saves the offline buffer to local storage; false if there is none or the storage refused it. */
export function saveOfflineBuffer(app: App): boolean {
  if (!app.offline) return false;
  return saveOfflinePage({
    page: app.offlinePage,
    timestamp: app.coldStartedAt,
    url: app.env.window.location.href,
    userID: app.userID,
    metadata: app.metadata,
    commits: getOfflineBuffer(app),
  });
}

/** Offline upload (spec §7): a session of its own for recorded commits; resolves once the worker sent them. */
export async function uploadHistory(app: App, commits: Commit[], timestamp: number): Promise<StartResult> {
  if (app.state !== ActivityState.NotActive) return { success: false, reason: TrackerErrors.alreadyStarted };
  const link = app.link;
  try {
    if (!link.ensure() || !(await link.answers())) throw new Error(TrackerErrors.noWorker);
    const session = await requestStart(app, {
      doNotRecord: false,
      bufferDiff: Date.now() - timestamp,
      reset: true,
      timestamp,
    });
    const worker = link.worker;
    if (!worker) throw new Error(TrackerErrors.noWorkerAfterStart);
    const done = new Promise<void>((resolve) => {
      const off = link.onMessage((m) => {
        if (m.type === 'stopped') {
          off();
          resolve();
        }
      });
    });
    link.begin(1, timestamp, app.env.window.location.href, `${app.tabId}-offline`);
    for (const c of commits) worker.postMessage(c);
    link.auth(session);
    worker.postMessage({ type: 'stop' });
    await done;
    return startResult(session);
  } catch (e) {
    return failedStart(e);
  }
}
