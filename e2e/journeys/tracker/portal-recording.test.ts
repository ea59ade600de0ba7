import { randomBytes } from 'node:crypto';
import { MessageType } from '@atrium/protocol/tracker/messages';
import { createTestUser } from '@atrium/server/test/create-test-user';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../support/browser.ts';
import { openBrowser, signedUpUser } from '../../support/portal.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import {
  type RecordedSession,
  recordedSessions,
  type StoredMessage,
  untilRecording,
  userOfToken,
} from './recorded-session.ts';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** What a tab switch does: the page becomes hidden, then visible again. */
async function hidePageAndReturn(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    // Deleting the own property brings back Document.prototype's getter.
    delete (document as { visibilityState?: unknown }).visibilityState;
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

const ofType = (messages: StoredMessage[], type: number) => messages.filter((m) => m[0] === type);
const rrweb = (messages: StoredMessage[]) =>
  ofType(messages, MessageType.RrwebEvent).map((m) => m[1] as { type: number; data: { source?: number } });
// rrweb's event and incremental-source numbers.
const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const MUTATION = 0;

describe('session recording on the portal (real Chromium, real ingest)', () => {
  let server: TestServer;
  let browser: Browser;
  let staffAuth: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    staffAuth = (await createTestUser(server.app, { role: 'admin' })).auth;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The learner's one recorded session, once its stored messages satisfy `ready`. */
  async function storedSession(
    userId: string,
    ready: (messages: StoredMessage[]) => boolean,
  ): Promise<RecordedSession> {
    let found: RecordedSession | undefined;
    await expect
      .poll(
        async () => {
          const sessions = await recordedSessions(server, staffAuth, userId);
          found = sessions.length === 1 && ready(sessions[0]!.messages) ? sessions[0] : undefined;
          return found ? 'ready' : `${sessions.length} sessions, ${sessions[0]?.batches ?? 0} batches`;
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBe('ready');
    return found!;
  }

  it("records a learner's session end to end, masked in the browser, and stops at sign-out", async () => {
    const { context, page, cspViolations } = await openBrowser(browser, server);
    await page.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        window.__cspViolations?.push(
          `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
        ),
      );
    });
    // The sign-in screens never load the tracker's chunk: it comes with the first signed-in screen.
    const trackerChunk = /\/assets\/tracker-[\w-]+\.js$/;
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/login');
    await page.getByLabel('電子郵件').waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((p) => trackerChunk.test(p))).toEqual([]);

    const started = page.waitForResponse((r) => r.url().endsWith('/ingest/v1/web/start'));
    await signedUpUser(page, server, '錄製學員');
    expect(scripts.filter((p) => trackerChunk.test(p))).toHaveLength(1);
    expect((await started).status()).toBe(200);
    const token = (await context.cookies()).find((c) => c.name === 'token')?.value ?? '';
    const learner = await userOfToken(server, token);

    const tag = randomBytes(4).toString('hex');
    const typedEmail = `mask.${tag}@example.test`;
    const typedDigits = String(5_000_000_000 + randomBytes(4).readUInt32BE(0)); // ten digits
    const consoleText = `console-${tag}`;
    const errorText = `thrown-${tag}`;
    const secretBody = `body-${tag}`;

    // Use the portal: navigate by clicking, type into the profile form (keystroke by keystroke).
    await page.getByRole('link', { name: '任務板' }).click();
    await page.waitForURL('**/tasks/my');
    await page.getByTestId('nav-avatar').click();
    await page.waitForURL('**/user');
    await page.getByLabel('自我介紹').pressSequentially(typedEmail, { delay: 35 });
    await page.getByLabel('姓氏').fill(typedDigits);
    await page.evaluate((text) => console.log(text, { lesson: 3 }), consoleText);
    await page.evaluate(async (body) => {
      await fetch(`/v1/tracker-journey-missing?x=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ body }),
      }).catch(() => undefined);
    }, secretBody);
    await page.evaluate((text) => {
      setTimeout(() => {
        throw new Error(text);
      });
    }, errorText);

    // The learner switches away: the page is hidden, the tracker sends what it holds at once.
    await hidePageAndReturn(page);
    const firstPage = await storedSession(learner.id, (m) =>
      [
        MessageType.InputChange,
        MessageType.ConsoleLog,
        MessageType.NetworkRequest,
        MessageType.JSException,
      ].every((t) => ofType(m, t).length > 0),
    );

    // A reload continues the same session (same tab, same learner).
    const restarted = page.waitForResponse((r) => r.url().endsWith('/ingest/v1/web/start'));
    await page.reload();
    expect((await restarted).status()).toBe(200);
    await page.getByTestId('nav-avatar').waitFor();
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);

    // Sign-out stops recording and delivers what is left; the sign-in screen is never recorded, however slow
    // the machine. Here deferred work runs late, as on a loaded machine: every zero-delay timeout waits 600 ms
    // (the tracker's own timers, taken at its start, keep their pace), so whatever a route change sets off
    // happens long after the address changed (issue 18, finding 15).
    await page.evaluate(() => {
      const defer = window.setTimeout;
      window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) =>
        defer(handler, delay ? delay : 600, ...args)) as typeof window.setTimeout;
    });
    await page.getByTestId('nav-avatar').click();
    await page
      .getByRole('complementary', { name: '使用者選單' })
      .getByRole('button', { name: '登出', exact: true })
      .click();
    await page.getByRole('dialog', { name: '確認登出' }).getByRole('button', { name: '登出' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('電子郵件', { exact: true }).fill(`after-logout-${tag}@example.test`);
    // Nothing typed here may be recorded. Rather than waiting a while to see none of it arrive: the tracker has
    // stopped already (before the route changed), and a stopped tracker records nothing.
    expect(await page.evaluate(() => window.__atriumTrackerInstance?.isActive())).toBe(false);
    expect(cspViolations).toEqual([]);
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
    const session = await storedSession(
      learner.id,
      // The reloaded page's own snapshot and location arrived too.
      (m) =>
        rrweb(m).filter((e) => e.type === FULL_SNAPSHOT).length >= 2 &&
        ofType(m, MessageType.SetPageLocation).length >= 4,
    );
    expect(session.id).toBe(firstPage.id);
    const s = session;
    const m = s.messages;

    // Whose session: the learner's id, from the start request and the UserID message, and verified by the
    // server through the assertion the portal passed its tracker (ADR 0045), which is not stored.
    expect(s.userId).toBe(learner.id);
    expect(s.verifiedUserId).toBe(learner.id);
    expect(s.raw).not.toMatch(/"l1\.[\w-]+\.[\w-]+"/);
    expect(ofType(m, MessageType.UserID).map((x) => x[1])).toContain(learner.id);

    // DOM: a full snapshot per page and the changes in between.
    expect(rrweb(m).filter((e) => e.type === FULL_SNAPSHOT).length).toBeGreaterThanOrEqual(2);
    expect(rrweb(m).some((e) => e.type === INCREMENTAL && e.data.source === MUTATION)).toBe(true);
    const pages = ofType(m, MessageType.SetPageLocation).map((x) => new URL(String(x[1])).pathname);
    expect(pages).toEqual(expect.arrayContaining(['/dashboard', '/tasks/my', '/user']));
    expect(pages).not.toContain('/login');

    // A click with its label.
    expect(ofType(m, MessageType.MouseClick).map((x) => x[2])).toContain('任務板');

    // Inputs: recorded, masked in the browser; the typed e-mail and digits exist nowhere in storage.
    const inputs = ofType(m, MessageType.InputChange);
    const description = inputs.filter((x) => x[4] === '自我介紹');
    expect(description.at(-1)).toEqual([
      MessageType.InputChange,
      expect.any(Number),
      '*'.repeat(typedEmail.length),
      true,
      '自我介紹',
    ]);
    expect(inputs.some((x) => x[1] !== -1 && x[2] === '*'.repeat(typedDigits.length) && x[3] === true)).toBe(
      true,
    );
    expect(inputs.every((x) => /^\**$/.test(String(x[2])))).toBe(true);
    for (const secret of [
      typedEmail,
      typedEmail.split('@')[0]!,
      typedDigits,
      learner.email,
      secretBody,
      'after-logout',
    ]) {
      expect(s.raw.includes(secret), `"${secret}" in the stored batches`).toBe(false);
    }

    // Console, the failed call without its body, the thrown error.
    expect(ofType(m, MessageType.ConsoleLog)).toContainEqual([
      MessageType.ConsoleLog,
      'log',
      expect.stringContaining(consoleText),
    ]);
    const failed = ofType(m, MessageType.NetworkRequest).find((x) =>
      String(x[3]).includes('/v1/tracker-journey-missing'),
    );
    expect(failed).toBeDefined();
    expect(failed![1]).toBe('fetch');
    expect(failed![2]).toBe('POST');
    expect(Number(failed![6])).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(String(failed![4])).body).toBeNull();
    expect(JSON.parse(String(failed![5])).body).toBeNull();
    const error = ofType(m, MessageType.JSException).find((x) => x[2] === errorText);
    expect(error?.[1]).toBe('Error');

    // Performance: web vitals or page timings.
    const vitals = ofType(m, MessageType.WebVital).map((x) => x[1]);
    const timings = ofType(m, MessageType.PageLoadTiming);
    expect(vitals.length + timings.length).toBeGreaterThan(0);
    await context.close();
  }, 120_000);

  it('loses nothing recorded within the batch window when the learner reloads, and stores it once', async () => {
    const { context, page } = await openBrowser(browser, server);
    const started = page.waitForResponse((r) => r.url().endsWith('/ingest/v1/web/start'));
    await signedUpUser(page, server, '重新整理學員');
    expect((await started).status()).toBe(200);
    const token = (await context.cookies()).find((c) => c.name === 'token')?.value ?? '';
    const learner = await userOfToken(server, token);
    const marker = `MARKER-${randomBytes(4).toString('hex')}`;
    // The marker is logged once the tracker records (its start answered), well inside the 10 s batch window.
    await untilRecording(page);
    await page.evaluate((text) => console.log(text), marker);
    const restarted = page.waitForResponse((r) => r.url().endsWith('/ingest/v1/web/start'));
    await page.reload(); // well inside the 10 s batch window
    expect((await restarted).status()).toBe(200);
    const withMarker = (m: StoredMessage[]) =>
      ofType(m, MessageType.ConsoleLog).filter((x) => String(x[2]).includes(marker)).length;
    const session = await storedSession(learner.id, (m) => withMarker(m) > 0);
    // A second copy would come late: the gone page's own request, or this page resending what it was left.
    // Instead of a fixed wait, this page's later line is awaited: its upload follows anything it resends.
    const later = `LATER-${randomBytes(4).toString('hex')}`;
    await untilRecording(page);
    await page.evaluate((text) => console.log(text), later);
    await hidePageAndReturn(page);
    const again = await storedSession(learner.id, (m) =>
      ofType(m, MessageType.ConsoleLog).some((x) => String(x[2]).includes(later)),
    );
    expect(again.id).toBe(session.id);
    expect(withMarker(again.messages)).toBe(1);
    await context.close();
  });
});
