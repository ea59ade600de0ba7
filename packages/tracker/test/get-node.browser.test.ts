import { MessageType } from '@atrium/protocol/tracker/messages';
import { describe, expect, it } from 'vitest';
import { flushUntil, hasChromium } from './browser.ts';
import { chromiumSuite } from './chromium-suite.ts';

type Tracker = {
  start(): Promise<{ success: boolean; sessionID: string }>;
  stop(): void;
  forceFlushBatch(): void;
  getNode(id: number): Node | null;
};
type Win = Window & { AtriumTracker: new (o: unknown) => Tracker; tracker: Tracker };
type SnapshotNode = { id: number; attributes?: Record<string, string>; childNodes?: SnapshotNode[] };

/** The id the recording gave the element whose `id` attribute is `htmlId`, read from the stored snapshot. */
function recordedId(node: SnapshotNode, htmlId: string): number | null {
  if (node.attributes?.id === htmlId) return node.id;
  for (const child of node.childNodes ?? []) {
    const found = recordedId(child, htmlId);
    if (found !== null) return found;
  }
  return null;
}

describe.skipIf(!hasChromium)(
  'getNode: from a recorded node id back to the page (Chromium, built IIFE)',
  () => {
    const suite = chromiumSuite();

    it('finds the element an agent names by its id in the recording, and nothing once recording stopped', async () => {
      const ingest = await suite.serve();
      const page = await suite.browser.newPage();
      await page.goto(`${ingest.origin}/fixtures/basic.html`);
      const r = await page.evaluate(async () => {
        const w = window as unknown as Win;
        w.tracker = new w.AtriumTracker({ projectKey: 'pk-1', __DISABLE_SECURE_MODE: true });
        return w.tracker.start();
      });
      expect(r.success).toBe(true);
      const snapshot = await flushUntil(
        page,
        () =>
          ingest
            .messages(r.sessionID)
            .find((m) => m[0] === MessageType.RrwebEvent && (m[1] as { type: number }).type === 2),
        'the full snapshot',
      );
      const id = recordedId((snapshot[1] as { data: { node: SnapshotNode } }).data.node, 'name');
      expect(id).not.toBeNull();
      const found = await page.evaluate((nodeId) => {
        const w = window as unknown as Win;
        const before = (w.tracker.getNode(nodeId) as Element | null)?.id ?? null;
        const unknown = w.tracker.getNode(987_654);
        w.tracker.stop();
        return { before, unknown, after: w.tracker.getNode(nodeId) };
      }, id as number);
      expect(found).toEqual({ before: 'name', unknown: null, after: null });
      await page.close();
    });
  },
);
