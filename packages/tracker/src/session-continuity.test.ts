// @vitest-environment happy-dom
import { MessageType } from '@atrium/protocol/tracker/messages';
import { describe, expect, it, vi } from 'vitest';
import { happyDomTracker } from '../test/happy-dom-tracker.ts';

const SERVER_AHEAD_MS = 3_600_000;
const env = happyDomTracker({ delay: SERVER_AHEAD_MS });
const make = () => env.make();
const ingest = {
  messages: (id: string) => env.ingest.messages(id),
  get starts() {
    return env.ingest.starts;
  },
};

describe('session continuity', () => {
  it("timestamps follow the server's clock: the start answer's delay is added", async () => {
    const t = make();
    const r = await t.start();
    if (!r.success) throw new Error(r.reason);
    const before = Date.now();
    t.event('tick');
    t.forceFlushBatch();
    await vi.waitFor(() =>
      expect(ingest.messages(r.sessionID).some((m) => m[0] === MessageType.CustomEvent)).toBe(true),
    );
    const msgs = ingest.messages(r.sessionID);
    const at = msgs.findIndex((m) => m[0] === MessageType.CustomEvent);
    const ts = msgs
      .slice(0, at)
      .filter((m) => m[0] === MessageType.Timestamp)
      .at(-1)![1] as number;
    expect(ts - before).toBeGreaterThanOrEqual(SERVER_AHEAD_MS - 1000);
    expect(ts - before).toBeLessThan(SERVER_AHEAD_MS + 5000);
  });

  it("the visitor's userUUID is sent back on later starts, also of a new session", async () => {
    const t = make();
    const first = await t.start();
    if (!first.success) throw new Error(first.reason);
    expect(ingest.starts.at(-1)!.userUUID).toBeNull();
    t.stop();
    const second = await t.start({ forceNew: true });
    if (!second.success) throw new Error(second.reason);
    expect(second.sessionID).not.toBe(first.sessionID);
    expect(ingest.starts.at(-1)!.userUUID).toBe(first.userUUID);
    expect(second.userUUID).toBe(first.userUUID);
  });
});
