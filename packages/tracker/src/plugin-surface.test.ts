// @vitest-environment happy-dom
import { MessageType } from '@atrium/protocol/tracker/messages';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { happyDomTracker } from '../test/happy-dom-tracker.ts';
import type { Msg } from './app-state.ts';

// The public surface assist and other plugins are written against (BRIEF "Tracker plugin surface"), driven
// against the protocol-level fake ingest with the real upload worker code run in-process.

const env = happyDomTracker();
const make = env.make;
const ingest = {
  messages: (id: string) => env.ingest.messages(id),
  get starts() {
    return env.ingest.starts;
  },
  get origin() {
    return env.ingest.origin;
  },
};

const ofSession = (id: string) => ingest.messages(id);

describe('plugin surface', () => {
  it('use(fn) hands the tracker to the plugin and returns what it returns', () => {
    const t = make();
    const got = t.use((tracker) => ({ same: tracker === t }));
    expect(got).toEqual({ same: true });
  });

  it('session info and URL: nulls before the start, the live session after, nulls again after stop', async () => {
    const t = make({ sessionURLBase: 'https://console.example/console/sessions/' });
    expect(t.getSessionInfo()).toMatchObject({
      sessionID: null,
      sessionToken: null,
      userUUID: null,
      timestamp: null,
      projectKey: 'pk',
      ingestPoint: `${ingest.origin}/ingest`,
    });
    expect(t.getSessionURL()).toBeNull();
    const r = await t.start({ userID: 'learner-9', metadata: { course: 'c1' } });
    if (!r.success) throw new Error(r.reason);
    const info = t.getSessionInfo();
    expect(info).toEqual({
      sessionID: r.sessionID,
      sessionToken: r.sessionToken,
      userUUID: expect.stringMatching(/^user-uuid-/),
      tabId: t.getTabId(),
      projectKey: 'pk',
      userID: 'learner-9',
      metadata: { course: 'c1' },
      timestamp: expect.any(Number),
      ingestPoint: `${ingest.origin}/ingest`,
    });
    expect(t.getSessionToken()).toBe(r.sessionToken);
    expect(t.getSessionURL()).toBe(`https://console.example/console/sessions/${r.sessionID}`);
    expect(t.getSessionURL({ withCurrentTime: true })).toMatch(
      new RegExp(`/console/sessions/${r.sessionID}\\?t=\\d+$`),
    );
    t.stop();
    expect(t.getSessionInfo().sessionID).toBeNull();
    expect(t.getSessionURL()).toBeNull();
  });

  it('the default session URL is the console next to the ingest', async () => {
    const t = make();
    const r = await t.start();
    expect(r.success && t.getSessionURL()).toBe(
      `${ingest.origin}/console/sessions/${r.success && r.sessionID}`,
    );
  });

  it('onStart fires on every (re)start and at once when already active; onStop on every stop; both unsubscribe', async () => {
    const t = make();
    const starts: (string | null)[] = [];
    let stops = 0;
    const offStart = t.onStart((info) => starts.push(info.sessionID));
    const offStop = t.onStop(() => {
      stops += 1;
    });
    const r = await t.start();
    if (!r.success) throw new Error(r.reason);
    expect(starts).toEqual([r.sessionID]);
    const late: (string | null)[] = [];
    t.onStart((info) => late.push(info.sessionID));
    expect(late).toEqual([r.sessionID]); // joined a running session: told at once

    const again = await t.restart();
    expect(again.success && again.sessionID).toBe(r.sessionID); // restart keeps the session
    expect(stops).toBe(1);
    expect(starts).toEqual([r.sessionID, r.sessionID]);

    offStart();
    offStop();
    t.stop();
    await t.start();
    expect(stops).toBe(1);
    expect(starts).toHaveLength(2);
  });

  it('onBatch streams each commit decoded, in order, the same tuples the ingest stores', async () => {
    const t = make();
    const streamed: Msg[][] = [];
    t.onBatch((b) => streamed.push(b));
    const r = await t.start();
    if (!r.success) throw new Error(r.reason);
    t.event('step', { n: 1 });
    t.event('step', { n: 2 });
    t.forceFlushBatch();
    await vi.waitFor(() =>
      expect(ofSession(r.sessionID).filter((m) => m[0] === MessageType.CustomEvent)).toHaveLength(2),
    );
    const live = streamed.flat();
    for (const b of streamed) {
      expect(b[0]).toEqual([MessageType.Timestamp, expect.any(Number)]);
      expect(b[1]).toEqual([MessageType.TabData, t.getTabId()]);
    }
    const events = (ms: unknown[][]) => ms.filter((m) => m[0] === MessageType.CustomEvent);
    expect(events(live)).toEqual([
      [MessageType.CustomEvent, 'step', '{"n":1}'],
      [MessageType.CustomEvent, 'step', '{"n":2}'],
    ]);
    // What the viewer saw live is what the replay will read, message for message.
    expect(JSON.parse(JSON.stringify(live))).toEqual(ofSession(r.sessionID));
  });

  it('restart: a fresh recording of the same session follows (the viewer gets a new page start)', async () => {
    const t = make();
    const r = await t.start({ userID: 'u-2' });
    if (!r.success) throw new Error(r.reason);
    const after: Msg[][] = [];
    t.onBatch((b) => after.push(b));
    await t.restart();
    t.forceFlushBatch();
    expect(after.flat().some((m) => m[0] === MessageType.UserID && m[1] === 'u-2')).toBe(true);
    expect(ingest.starts.at(-1)!.token).toBe(r.sessionToken);
  });

  it('assist-only: a session is started and plugins are fed, but nothing is uploaded — even without a worker', async () => {
    // Without a worker an upload could only be the page's own fetch (the tracker takes it when made).
    const realFetch = window.fetch.bind(window);
    const requested: string[] = [];
    const spy = vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
      requested.push(String(input));
      return realFetch(input, init);
    });
    onTestFinished(() => spy.mockRestore());
    const t = make({ assistOnly: true }, () => null);
    const streamed: Msg[][] = [];
    t.onBatch((b) => streamed.push(b));
    const r = await t.start();
    if (!r.success) throw new Error(r.reason);
    expect(ingest.starts.at(-1)!.assistOnly).toBe(true);
    t.event('help-needed');
    t.forceFlushBatch();
    await vi.waitFor(() =>
      expect(streamed.flat().some((m) => m[0] === MessageType.CustomEvent && m[1] === 'help-needed')).toBe(
        true,
      ),
    );
    // The plugins got the commit; then it went nowhere. Rather than waiting a while for an upload that should
    // not come: a later round trip (a fresh start) is made after any upload the flush began.
    t.stop();
    await t.start({ forceNew: true });
    expect(requested.filter((u) => u.includes('/v1/web/i'))).toEqual([]);
    expect(ofSession(r.sessionID)).toEqual([]);
  });

  it('trackWs records a channel the page drives itself; userID() and metadata() are aliases', async () => {
    const t = make();
    const r = await t.start();
    if (!r.success) throw new Error(r.reason);
    const ws = t.trackWs('chat');
    ws('message', '{"hi":1}', 'up');
    ws('message', 'x'.repeat(5 * 1024 * 1024 + 1), 'down'); // over 5 MB: ignored (spec §9)
    t.userID('u-77');
    t.metadata('plan', 'pro');
    t.forceFlushBatch();
    await vi.waitFor(() =>
      expect(ofSession(r.sessionID)).toEqual(
        expect.arrayContaining([
          [MessageType.WSChannel, 'websocket', 'chat', '{"hi":1}', 'up', 'message'],
          [MessageType.UserID, 'u-77'],
          [MessageType.Metadata, 'plan', 'pro'],
        ]),
      ),
    );
    expect(ofSession(r.sessionID).filter((m) => m[0] === MessageType.WSChannel)).toHaveLength(1);
    expect(t.getSessionInfo()).toMatchObject({ userID: 'u-77', metadata: { plan: 'pro' } });
  });

  it('setBuffer replaces the offline recording that is then uploaded', async () => {
    const t = make();
    expect(t.setBuffer([])).toBe(false); // not recording offline
    t.startOfflineRecording();
    const kept = [
      [
        JSON.stringify([MessageType.Timestamp, Date.now() - 5000]),
        JSON.stringify([MessageType.TabData, 'tab-x']),
        JSON.stringify([MessageType.CustomEvent, 'restored', 'null']),
      ],
    ];
    expect(t.setBuffer(kept)).toBe(true);
    expect(t.getBuffer()).toEqual(kept);
    const r = await t.uploadOfflineRecording();
    if (!r.success) throw new Error(r.reason);
    expect(ofSession(r.sessionID)).toContainEqual([MessageType.CustomEvent, 'restored', 'null']);
  });
});
