// @vitest-environment happy-dom
import { MessageType } from '@atrium/protocol/tracker/messages';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { FakeIngest } from '../test/fake-ingest.ts';
import { inProcessWorker } from '../test/in-process-worker.ts';
import { TrackerErrors } from './errors.ts';
import { Tracker } from './tracker.ts';

let ingest: FakeIngest;
let current: Tracker | null = null;

beforeAll(async () => {
  // happy-dom has neither Worker nor performance.timing, both required by spec §5: give the page what a
  // browser has (the worker itself is our real worker code, run in-process).
  if (typeof Worker === 'undefined') vi.stubGlobal('Worker', class {});
  if (!('timing' in performance))
    Object.defineProperty(performance, 'timing', { value: { navigationStart: Date.now() } });
  ingest = new FakeIngest();
  await ingest.listen();
});
afterAll(async () => {
  await ingest.stop();
});
afterEach(() => {
  current?.destroy();
  current = null;
  sessionStorage.clear();
  localStorage.clear();
  vi.restoreAllMocks();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

const make = (
  extra: Record<string, unknown> = {},
  createWorker = inProcessWorker as () => ReturnType<typeof inProcessWorker> | null,
) => {
  // rrweb does not run under happy-dom (its polyfill trips); the module warning is expected here.
  const onWarning = () => undefined;
  current = new Tracker(
    {
      projectKey: 'pk',
      ingestPoint: `${ingest.origin}/ingest`,
      __DISABLE_SECURE_MODE: true,
      onWarning,
      ...extra,
    } as never,
    {
      createWorker,
    },
  );
  return current;
};

describe('initialisation (spec §5)', () => {
  it('a bad options object leaves the tracker uninitialised, and start says so', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const t = new Tracker({ projectKey: null } as never);
    expect(err).toHaveBeenCalledWith(TrackerErrors.projectKey);
    expect(await t.start()).toEqual({ success: false, reason: 'Tracker not initialized' });
  });

  it('allows one instance per page', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    make();
    const second = new Tracker({ projectKey: 'pk' });
    expect(err).toHaveBeenCalledWith('one tracker instance has been initialised already');
    expect(await second.start()).toEqual({
      success: false,
      reason: 'one tracker instance has been initialised already',
    });
  });

  it('refuses an insecure page unless secure mode is disabled', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    try {
      const t = new Tracker({ projectKey: 'pk' });
      expect(err).toHaveBeenCalledWith(TrackerErrors.insecure);
      expect((await t.start()).success).toBe(false);
      expect(make().initError).toBeNull();
    } finally {
      Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    }
  });

  it('with Do Not Track respected and on: not-started is sent and start refuses', async () => {
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    try {
      const t = make({ respectDoNotTrack: true });
      expect(await t.start()).toEqual({
        success: false,
        reason: "Browser doesn't support required api, or doNotTrack is active.",
      });
      await vi.waitFor(() =>
        expect(ingest.notStarted.at(-1)).toEqual({
          trackerVersion: '15.0.3',
          projectKey: 'pk',
          doNotTrack: true,
          reason: 'do-not-track',
        }),
      );
    } finally {
      Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
    }
  });

  it('without a required browser API: not-started with the reason', async () => {
    const w = new Proxy(window, {
      get: (t, k) => (k === 'MutationObserver' ? undefined : Reflect.get(t, k)),
    });
    current = new Tracker(
      { projectKey: 'pk2', ingestPoint: `${ingest.origin}/ingest`, __DISABLE_SECURE_MODE: true },
      { window: w as never },
    );
    expect(await current.start()).toEqual({ success: false, reason: TrackerErrors.unsupported });
    await vi.waitFor(() =>
      expect(ingest.notStarted.at(-1)).toMatchObject({
        projectKey: 'pk2',
        doNotTrack: false,
        reason: 'missing-api',
      }),
    );
  });
});

describe('states and transitions (spec §4)', () => {
  it('NotActive → Starting → Active, with every start request field', async () => {
    const t = make();
    expect(t.getState()).toBe('NotActive');
    const p = t.start({ userID: 'u-1', metadata: { plan: 'free' } });
    expect(t.getState()).toBe('Starting');
    const r = await p;
    expect(r).toMatchObject({
      success: true,
      sessionID: expect.any(String),
      sessionToken: expect.any(String),
    });
    expect(t.getState()).toBe('Active');
    const req = ingest.starts.at(-1)!;
    expect(Object.keys(req).sort()).toEqual(
      [
        'assistOnly',
        'bufferDiff',
        'condition',
        'deviceMemory',
        'doNotRecord',
        'height',
        'jsHeapSizeLimit',
        'projectKey',
        'referrer',
        'tabId',
        'timestamp',
        'timezone',
        'token',
        'trackerVersion',
        'url',
        'userID',
        'userUUID',
        'width',
      ].sort(),
    );
    expect(req).toMatchObject({
      trackerVersion: '15.0.3',
      projectKey: 'pk',
      userID: 'u-1',
      doNotRecord: false,
      assistOnly: false,
    });
    expect(sessionStorage.getItem('__openreplay_tabid')).toBe(t.getTabId());
  });

  it('what a start records leaves in a batch at once, not at the next tick (a joining agent waits for it)', async () => {
    const t = make();
    const batches: unknown[][] = [];
    t.onBatch((b) => batches.push(b));
    await t.start({ userID: 'u-now' });
    expect(batches.flat()).toContainEqual([MessageType.UserID, 'u-now']);
  });

  it('start is refused while Starting or Active', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const t = make();
    const first = t.start();
    expect(await t.start()).toEqual({ success: false, reason: TrackerErrors.alreadyStarted });
    await first;
    expect(await t.start()).toEqual({ success: false, reason: TrackerErrors.alreadyStarted });
    expect(err).toHaveBeenCalledWith(TrackerErrors.alreadyStarted);
  });

  it('waits until the page is visible', async () => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    const t = make();
    const before = ingest.starts.length;
    const listens = vi.spyOn(document, 'addEventListener');
    const p = t.start();
    // The start parks on the page being shown (its visibilitychange listener); the start request comes after.
    await vi.waitFor(() =>
      expect(listens).toHaveBeenCalledWith('visibilitychange', expect.any(Function), expect.anything()),
    );
    expect(ingest.starts.length).toBe(before);
    expect(t.getState()).toBe('Starting');
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect((await p).success).toBe(true);
  });

  it('continues the tab session with the previous token', async () => {
    const t = make();
    const a = await t.start();
    t.stop();
    const b = await t.start();
    expect(b.success && a.success && b.sessionID).toBe(a.success && a.sessionID);
    expect(ingest.starts.at(-1)!.token).toBe(a.success && a.sessionToken);
  });

  it('a failed start stops the tracker and resets the session: server error', async () => {
    const t = make({ ingestPoint: `${ingest.origin}/nowhere` });
    sessionStorage.setItem('__atrium_session_token', 'old');
    expect(await t.start()).toEqual({
      success: false,
      reason: 'Server error: 404. {"message":"not found","code":"not_found"}',
    });
    expect(t.getState()).toBe('NotActive');
    expect(sessionStorage.getItem('__atrium_session_token')).toBeNull();
  });

  it('a response of the wrong shape is an Incorrect server response', async () => {
    const bad = new FakeIngest({ pages: {} });
    bad.server.removeAllListeners('request');
    bad.server.on('request', (_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
      });
      res.end(JSON.stringify({ token: 1, userUUID: 'u', sessionID: 's', delay: 0 }));
    });
    await bad.listen();
    try {
      const t = make({ ingestPoint: `${bad.origin}/ingest` });
      expect(await t.start()).toEqual({ success: false, reason: 'Incorrect server response' });
      expect(t.getState()).toBe('NotActive');
    } finally {
      await bad.stop();
    }
  });

  it('without a worker: No worker found', async () => {
    const t = make({}, () => null);
    expect(await t.start()).toEqual({ success: false, reason: 'No worker found: perhaps, CSP is not set.' });
    expect(t.getState()).toBe('NotActive');
  });

  it('a worker gone after the start call: no worker found after start request', async () => {
    // The worker goes away the moment the start request leaves (the tracker's fetch is the page's, taken
    // when it is made), instead of a guessed number of ticks later.
    const realFetch = window.fetch.bind(window);
    let link: { worker: unknown } | undefined;
    vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
      if (String(input).endsWith('/v1/web/start') && link) link.worker = null;
      return realFetch(input, init);
    });
    const t = make();
    link = (t as unknown as { app: { link: { worker: unknown } } }).app.link;
    const p = t.start();
    expect(await p).toEqual({ success: false, reason: 'no worker found after start request' });
    expect(link.worker).toBeNull();
  });

  it('a non-Error failure is an Unknown error', async () => {
    const realFetch = window.fetch;
    window.fetch = () => Promise.reject({ not: 'an error' });
    try {
      const t = make();
      expect(await t.start()).toEqual({ success: false, reason: 'Unknown error' });
    } finally {
      window.fetch = realFetch;
    }
  });

  it('stop does nothing when NotActive; otherwise tears everything down', async () => {
    const original = { log: console.log, fetch: window.fetch, send: XMLHttpRequest.prototype.send };
    const t = make();
    t.stop();
    expect(t.getState()).toBe('NotActive');
    await t.start();
    expect(console.log).not.toBe(original.log);
    expect(window.fetch).not.toBe(original.fetch);
    t.stop();
    expect(t.getState()).toBe('NotActive');
    expect(console.log).toBe(original.log);
    expect(window.fetch).toBe(original.fetch);
    expect(XMLHttpRequest.prototype.send).toBe(original.send);
  });

  it('stop during start ends the start', async () => {
    const t = make();
    const p = t.start();
    t.stop();
    expect((await p).success).toBe(false);
    expect(t.getState()).toBe('NotActive');
  });

  it('cold start: ColdStart state, two alternating buffers every 30 units, refused twice', async () => {
    const t = make({ coldInterval: 20 }); // a 600 ms cycle
    expect(await t.coldStart()).toEqual({ success: true });
    expect(t.getState()).toBe('ColdStart');
    expect((await t.coldStart()).success).toBe(false);
    const app = (t as unknown as { app: { coldBufferSizes(): [number, number] } }).app;
    // rrweb does not run under happy-dom; console lines stand in for page activity.
    const activity = setInterval(() => console.info('activity'), 25);
    onTestFinished(() => clearInterval(activity));
    // Early in the first cycle (it lasts 600 ms): the first buffer holds the activity, the second none yet.
    await vi.waitFor(() => expect(app.coldBufferSizes()[0]).toBeGreaterThan(0), { timeout: 2000 });
    expect(app.coldBufferSizes()[1]).toBe(0);
    await vi.waitFor(() => expect(app.coldBufferSizes()[1]).toBeGreaterThan(0), { timeout: 2000 });
    // The next cycle restarts the older buffer (it held more than the fresh one).
    const full = app.coldBufferSizes()[0];
    await vi.waitFor(() => expect(app.coldBufferSizes()[0]).toBeLessThan(full), { timeout: 2000 });
    const r = await t.start();
    expect(r.success).toBe(true);
    expect(ingest.starts.at(-1)!.bufferDiff).toBeGreaterThan(0);
    t.stop();
    expect(t.getState()).toBe('NotActive');
  });
});

describe('capture details', () => {
  it('a page that begins capturing while hidden (a cold start behind another tab) records that first', async () => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    const t = make();
    expect(await t.coldStart()).toEqual({ success: true });
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect((await t.start()).success).toBe(true);
    t.forceFlushBatch();
    const sid = t.getSessionID()!;
    const shown = await vi.waitFor(() => {
      const m = ingest.messages(sid).filter((x) => x[0] === MessageType.PageVisibility);
      if (!m.some((x) => x[1] === false)) throw new Error('not yet');
      return m.map((x) => x[1]);
    });
    // Hidden as it began, then shown: the replay does not take it for the tab in front before that.
    expect(shown).toEqual([true, false]);
  });

  it('console: 30 messages per 33 ticks; metadata and ids only as strings', async () => {
    const t = make();
    await t.start();
    for (let i = 0; i < 50; i++) console.log('line', i);
    t.setUserID(42 as never);
    t.setMetadata('k', 1 as never);
    t.setMetadata('plan', 'pro');
    t.setUserAnonymousID('anon-1');
    t.forceFlushBatch();
    const sid = t.getSessionID()!;
    const msgs = await vi.waitFor(() => {
      const m = ingest.messages(sid);
      if (!m.some((x) => x[0] === MessageType.UserAnonymousID)) throw new Error('not yet');
      return m;
    });
    expect(
      msgs.filter((m) => m[0] === MessageType.ConsoleLog && String(m[2]).startsWith('line')),
    ).toHaveLength(30);
    expect(msgs.filter((m) => m[0] === MessageType.UserID)).toEqual([]);
    expect(msgs.filter((m) => m[0] === MessageType.Metadata)).toEqual([
      [MessageType.Metadata, 'plan', 'pro'],
    ]);
    // Every commit starts with Timestamp then TabData; none is only those two.
    for (const b of ingest.sorted(sid)) {
      expect(b.messages[0]![0]).toBe(MessageType.Timestamp);
      expect(b.messages[1]![0]).toBe(MessageType.TabData);
    }
  });

  it('feature flags: loaded after start, persisted ones sent back next time', async () => {
    const flagged = new FakeIngest({
      features: ['feature-flags'],
      flags: {
        flags: [
          { key: 'new-catalogue', is_persist: true, value: true, payload: null },
          { key: 'old-banner', is_persist: false, value: false, payload: '{"x":1}' },
        ],
      },
    });
    await flagged.listen();
    try {
      const t = make({ ingestPoint: `${flagged.origin}/ingest` });
      const loaded = new Promise((r) => t.onFlagsLoad(r));
      await t.start({ userID: 'u-9', metadata: { plan: 'pro' } });
      await loaded;
      expect(t.isFlagEnabled('new-catalogue')).toBe(true);
      expect(t.isFlagEnabled('old-banner')).toBe(false);
      expect(t.getFeatureFlag('old-banner')?.payload).toBe('{"x":1}');
      expect(flagged.flagRequests[0]).toMatchObject({
        projectID: '7',
        userID: 'u-9',
        metadata: { plan: 'pro' },
      });
      await t.reloadFlags();
      expect(flagged.flagRequests[1]).toMatchObject({ persistFlags: { 'new-catalogue': true } });
    } finally {
      await flagged.stop();
    }
  });
});
