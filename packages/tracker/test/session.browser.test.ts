import { MessageType } from '@atrium/protocol/tracker/messages';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { flushUntil, hasChromium, waitFor } from './browser.ts';
import { chromiumSuite } from './chromium-suite.ts';
import type { FakeIngest } from './fake-ingest.ts';

type AnyMsg = unknown[];
const ofType = (msgs: AnyMsg[], t: number) => msgs.filter((m) => m[0] === t);
const rrweb = (msgs: AnyMsg[]) =>
  ofType(msgs, MessageType.RrwebEvent).map(
    (m) => m[1] as { type: number; data: Record<string, unknown>; timestamp: number },
  );

async function openFixture(
  browser: Browser,
  ingest: FakeIngest,
  opts: Record<string, unknown> = {},
): Promise<Page> {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${ingest.origin}/fixtures/basic.html`);
  await page.evaluate((o) => {
    const w = window as unknown as { AtriumTracker: new (o: unknown) => unknown; tracker: unknown };
    w.tracker = new w.AtriumTracker({ projectKey: 'pk-1', __DISABLE_SECURE_MODE: true, ...o });
  }, opts);
  return page;
}

const startTracker = (page: Page, startOpts: Record<string, unknown> = {}) =>
  page.evaluate(
    (s) => (window as unknown as { tracker: { start(s: unknown): Promise<unknown> } }).tracker.start(s),
    startOpts,
  ) as Promise<{ success: boolean; sessionID?: string; reason?: string }>;

describe.skipIf(!hasChromium)('tracker in Chromium (built IIFE, real worker, fake ingest)', () => {
  const suite = chromiumSuite();

  it('starts a session under a strict CSP and uploads the full snapshot and DOM changes', async () => {
    const ingest = await suite.serve();
    const page = await openFixture(suite.browser, ingest);
    const result = await startTracker(page, { userID: 'learner@example.com' });
    expect(result).toMatchObject({ success: true, sessionID: 's1' });
    expect(ingest.starts[0]).toMatchObject({
      trackerVersion: '15.0.3',
      projectKey: 'pk-1',
      doNotRecord: false,
    });
    await page.evaluate(() => {
      const li = document.createElement('li');
      li.textContent = 'added later';
      document.getElementById('list')!.append(li);
    });
    await page.evaluate(() =>
      (window as unknown as { tracker: { forceFlushBatch(): void } }).tracker.forceFlushBatch(),
    );
    const msgs = await waitFor(() => {
      const m = ingest.messages();
      return rrweb(m).some((e) => e.type === 3 && JSON.stringify(e.data).includes('added later')) && m;
    }, 'the mutation');
    expect(rrweb(msgs).some((e) => e.type === 2)).toBe(true);
    expect(ofType(msgs, MessageType.SetPageLocation)[0]?.[1]).toContain('/fixtures/basic.html');
    expect(ofType(msgs, MessageType.UserID)[0]).toEqual([MessageType.UserID, 'learner@example.com']);
    expect(ingest.rejected).toEqual([]);
    // Every commit starts with Timestamp and TabData, and none is empty.
    const tabs = ofType(msgs, MessageType.TabData);
    expect(tabs.length).toBeGreaterThan(0);
    await page.close();
  });

  it("stamps the DOM recording with the server's clock like every other message (the start answer's delay)", async () => {
    const hour = 3_600_000;
    const ingest = await suite.serve({ delay: hour }); // the visitor's clock runs an hour behind the server's
    const page = await openFixture(suite.browser, ingest);
    await startTracker(page);
    await page.evaluate(() => {
      document
        .getElementById('list')!
        .append(Object.assign(document.createElement('li'), { textContent: 'x1' }));
      (window as unknown as { tracker: { forceFlushBatch(): void } }).tracker.forceFlushBatch();
    });
    const msgs = await waitFor(() => {
      const m = ingest.messages();
      return rrweb(m).some((e) => e.type === 3 && JSON.stringify(e.data).includes('x1')) && m;
    }, 'the mutation');
    const stamps = ofType(msgs, MessageType.Timestamp).map((m) => m[1] as number);
    for (const e of rrweb(msgs)) {
      expect(e.timestamp).toBeGreaterThan(Date.now() + hour - 60_000);
      expect(Math.min(...stamps.map((t) => Math.abs(t - e.timestamp)))).toBeLessThan(5_000);
    }
    await page.close();
  });

  it('captures clicks, masked inputs, console, network, errors, vitals; masked data never leaves the browser', async () => {
    const ingest = await suite.serve();
    const page = await openFixture(suite.browser, ingest, {
      network: { capturePayload: true, sessionTokenHeader: true },
      maskAttributes: ['title'],
    });
    await page.evaluate(() => document.getElementById('buy')!.setAttribute('title', 'secret-title'));
    expect((await startTracker(page)).success).toBe(true);
    await page.mouse.move(10, 10);
    await page.mouse.move(200, 150, { steps: 5 });
    await page.click('#buy');
    await page.fill('#name', 'Alice');
    await page.fill('#card', '4111 1111 1111 1111');
    await page.fill('#email', 'someone@example.com');
    await page.fill('#pw', 'hunter2-password');
    await page.evaluate(async () => {
      console.log('hello from the page', { a: 1, list: [1, 2, 3] });
      console.warn('careful');
      await fetch('/api/echo?q=1');
      await fetch('/graphql', { method: 'POST', body: JSON.stringify({ query: 'bad' }) });
      await new Promise<void>((resolve) => {
        const x = new XMLHttpRequest();
        x.open('GET', '/api/fail');
        x.onloadend = () => resolve();
        x.send();
      });
      setTimeout(() => {
        throw new TypeError('boom from a timer');
      });
      void Promise.reject(new Error('nobody caught me'));
      await new Promise<void>((resolve) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        ws.onopen = () => ws.send('ping from the page');
        ws.onmessage = () => {
          ws.close();
          resolve();
        };
      });
      // A channel name over 255 characters is ignored (spec §5).
      const long = new WebSocket(`ws://${location.host}/ws?${'x'.repeat(300)}`);
      await new Promise((r) => {
        long.onopen = r;
      });
      long.send('never recorded');
      long.close();
      window.scrollTo(0, 500);
    });
    // The scroll is read on the tracker's tick, the timer's error a task later: awaited, not slept for.
    await flushUntil(
      page,
      () => {
        const m = ingest.messages();
        return (
          ofType(m, MessageType.SetViewportScroll).some((s) => s[2] === 500) &&
          ofType(m, MessageType.JSException).length >= 2
        );
      },
      'the scroll and the errors',
    );
    await page.evaluate(() => {
      // web-vitals reports LCP/CLS/INP when the page is hidden.
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.evaluate(() =>
      (window as unknown as { tracker: { forceFlushBatch(): void } }).tracker.forceFlushBatch(),
    );
    // The hidden page's flush carries the password field's change (typed last, it may still wait for its pause):
    // waited for with the vitals, since early vitals (FCP, TTFB) can arrive before that flush does.
    const msgs = await waitFor(() => {
      const m = ingest.messages();
      return (
        ofType(m, MessageType.WebVital).length >= 2 &&
        ofType(m, MessageType.JSException).length >= 2 &&
        ofType(m, MessageType.InputChange).some((i) => i[4] === 'Password') &&
        m
      );
    }, 'errors, vitals and the last field');

    const click = ofType(msgs, MessageType.MouseClick)[0]!;
    expect(click[2]).toBe('Buy the course now');
    expect(click[3]).toBe('#buy');
    expect(click[4]).toBeGreaterThan(0);
    expect(click[4]).toBeLessThanOrEqual(10000);
    const inputs = ofType(msgs, MessageType.InputChange);
    const last = (label: string) => inputs.filter((m) => m[4] === label).at(-1);
    expect(last('Name')?.slice(2)).toEqual(['Alice', false, 'Name']);
    expect(last('Card')?.[2]).toBe('*'.repeat(16)); // no spacing kept: digit groups do not leak
    expect(last('Email')?.[2]).toMatch(/^\*+$/);
    expect(last('Password')?.slice(2)).toEqual(['', true, 'Password']);
    expect(ofType(msgs, MessageType.ConsoleLog)).toContainEqual([
      MessageType.ConsoleLog,
      'log',
      'hello from the page {a: 1, list: [1, 2, 3]}',
    ]);
    const net = ofType(msgs, MessageType.NetworkRequest);
    const echo = net.find((m) => String(m[3]).includes('/api/echo'))!;
    expect(echo.slice(1, 3)).toEqual(['fetch', 'GET']);
    expect(echo[6]).toBe(200);
    expect(JSON.parse(echo[5] as string).body).toContain('"echo":"1"');
    expect(net.find((m) => String(m[3]).includes('/api/fail'))?.slice(1, 3)).toEqual(['xhr', 'GET']);
    expect(net.find((m) => String(m[3]).includes('/api/fail'))?.[6]).toBe(500);
    expect(net.find((m) => String(m[3]).includes('/graphql'))?.[6]).toBe(400);
    expect(net.some((m) => String(m[3]).includes('/ingest/'))).toBe(false);
    // Ignored headers are left out; the session token header reaches our own origin's calls.
    expect(ingest.echoHeaders[0]?.['x-atrium-session-token']).toMatch(/^tok-/);
    expect(ofType(msgs, MessageType.TagTrigger)).toEqual([[MessageType.TagTrigger, 5]]);
    const ws = ofType(msgs, MessageType.WSChannel).map((m) => [m[3], m[4], m[5]]);
    expect(ws).toEqual(
      expect.arrayContaining([
        ['', 'down', 'open'],
        ['ping from the page', 'up', 'text'],
        ['echo:ping from the page', 'down', 'text'],
      ]),
    );
    expect(ofType(msgs, MessageType.WSChannel).every((m) => String(m[2]).length <= 255)).toBe(true);
    const errors = ofType(msgs, MessageType.JSException);
    expect(errors.some((e) => e[1] === 'TypeError' && e[2] === 'boom from a timer')).toBe(true);
    expect(
      errors.some((e) => e[1] === 'Unhandled Promise Rejection' && String(e[2]).includes('nobody caught me')),
    ).toBe(true);
    expect(JSON.parse(errors[0]![3] as string)[0]).toHaveProperty('lineNumber');
    const vitals = ofType(msgs, MessageType.WebVital).map((v) => v[1]);
    expect(vitals).toEqual(expect.arrayContaining(['FCP', 'TTFB']));
    expect(ofType(msgs, MessageType.MouseMove).length).toBeGreaterThan(0);
    expect(ofType(msgs, MessageType.SetViewportScroll).some((m) => m[2] === 500)).toBe(true);

    const wire = JSON.stringify(msgs);
    for (const secret of [
      'hunter2',
      '4111',
      'someone@example.com',
      'Obscured paragraph',
      'Hidden box content',
      'secret-title',
    ]) {
      expect(wire, secret).not.toContain(secret);
    }
    await page.close();
  });

  it('refuses http://127.0.0.1 (a secure context to Chromium, yet plain http) unless secure mode is off', async () => {
    const ingest = await suite.serve();
    const page = await openFixture(suite.browser, ingest, { __DISABLE_SECURE_MODE: false });
    const refused = await startTracker(page);
    expect(refused.success).toBe(false);
    expect(refused.reason).toMatch(/insecure/);
    expect(ingest.tokens.size).toBe(0);
    await page.close();
    const other = await openFixture(suite.browser, ingest);
    expect((await startTracker(other)).success).toBe(true);
    expect(ingest.tokens.size).toBe(1);
    await other.close();
  });

  it('runs the oruxt usability test: tasks shown, answers recorded, progress kept across pages', async () => {
    const ingest = await suite.serve();
    const page = await suite.browser.newPage();
    const startOn = async (path: string) => {
      await page.goto(`${ingest.origin}${path}`);
      await page.evaluate(() => {
        const w = window as unknown as { AtriumTracker: new (o: unknown) => { start(): Promise<unknown> } };
        return new w.AtriumTracker({ projectKey: 'pk-1', __DISABLE_SECURE_MODE: true }).start();
      });
    };
    await startOn('/fixtures/basic.html?oruxt=3');
    await page.getByText('Find a course').waitFor();
    await page.getByRole('button', { name: 'Begin' }).click();
    await page.getByText('Open the catalogue').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('What did you expect?').waitFor();
    // A new page of the same tab, without the parameter: the test continues where it was.
    await startOn('/fixtures/basic.html');
    await page.getByText('What did you expect?').waitFor();
    await page.locator('textarea').fill('A list of courses');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Thank you!').waitFor();
    await waitFor(() => ingest.uxtSignals.length >= 6, 'the usability signals');
    const bodies = ingest.uxtSignals.map((s) => s.body as Record<string, unknown>);
    expect(bodies.map((b) => [b.taskId ?? 'test', b.status])).toEqual([
      ['test', 'begin'],
      [11, 'begin'],
      [11, 'done'],
      [12, 'begin'],
      [12, 'done'],
      ['test', 'done'],
    ]);
    expect(bodies[4]).toMatchObject({ testId: 3, answer: 'A list of courses' });
    // The panel itself is never recorded.
    expect(JSON.stringify(ingest.messages())).not.toContain('Open the catalogue');
    await page.close();
  });
});
