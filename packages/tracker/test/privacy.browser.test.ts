import { MessageType } from '@atrium/protocol/tracker/messages';
import { describe, expect, it } from 'vitest';
import { flushUntil, hasChromium } from './browser.ts';
import { chromiumSuite } from './chromium-suite.ts';
import type { FakeIngest } from './fake-ingest.ts';

describe.skipIf(!hasChromium)('privacy rules on page content (Chromium, built IIFE)', () => {
  const suite = chromiumSuite();
  let ingest: FakeIngest;

  it('e-mails in page text (snapshot and later changes), html-masked subtrees, huge data-URL images and our own warnings never leave the browser', async () => {
    ingest = await suite.serve();
    const page = await suite.browser.newPage();
    await page.goto(`${ingest.origin}/fixtures/basic.html`);
    const r = await page.evaluate(async () => {
      document.getElementById('title')!.textContent = 'Write to first.learner@example.com today';
      const masked = document.createElement('section');
      masked.setAttribute('data-openreplay-htmlmasked', '');
      masked.textContent = 'htmlmasked secret words';
      document.body.append(masked);
      const w = window as unknown as {
        AtriumTracker: new (
          o: unknown,
        ) => {
          start(): Promise<{ success: boolean; sessionID: string }>;
          onBatch(cb: () => void): () => void;
          forceFlushBatch(): void;
        };
      };
      const t = new w.AtriumTracker({ projectKey: 'pk-1', __DISABLE_SECURE_MODE: true });
      const result = await t.start();
      // A plugin that fails makes the tracker warn: the warning is ours, not the visitor's console.
      let off = () => {};
      const pluginRan = new Promise<void>((ran) => {
        off = t.onBatch(() => {
          ran();
          throw new Error('plugin bug');
        });
      });
      const li = document.createElement('li');
      li.textContent = 'later: second.learner@example.com';
      document.getElementById('list')!.append(li);
      const img = document.createElement('img');
      img.src = `data:image/png;base64,${'A'.repeat(120_000)}`;
      document.body.append(img);
      console.log('the page itself logs this');
      await pluginRan; // a commit went through the failing plugin
      off();
      (w as unknown as { tracker: typeof t }).tracker = t;
      return result;
    });
    expect(r.success).toBe(true);
    const text = await flushUntil(
      page,
      () => {
        const t = JSON.stringify(ingest.messages(r.sessionID));
        return t.includes('the page itself logs this') && t.includes('later: ') && t;
      },
      'the recording',
    );
    expect(text).toContain('Write to ');
    expect(text).not.toContain('first.learner@example.com');
    expect(text).not.toContain('second.learner@example.com');
    expect(text).not.toContain('htmlmasked secret words');
    expect(text).not.toContain('A'.repeat(1000));
    const consoleTexts = ingest
      .messages(r.sessionID)
      .filter((m) => m[0] === MessageType.ConsoleLog)
      .map((m) => String(m[2]));
    expect(consoleTexts.some((c) => c.includes('the page itself logs this'))).toBe(true);
    expect(consoleTexts.some((c) => c.includes('Atrium tracker'))).toBe(false);
    await page.close();
  });
});
