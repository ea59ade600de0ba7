import { randomBytes } from 'node:crypto';
import { MessageType } from '@atrium/protocol/tracker/messages';
import { createTestUser } from '@atrium/server/modules/profile/test-user';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../support/browser.ts';
import { openBrowser, signedUpUser } from '../../support/portal.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import {
  type RecordedSession,
  recordedSessions,
  type StoredMessage,
  userOfToken,
} from './recorded-session.ts';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
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
    staffAuth = (await createTestUser(server.app, { role: 'staff' })).auth;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

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
    context.on('response', async (r) => { if (r.url().includes('/ingest/')) console.log('DEBUGNET', r.request().method(), r.url(), r.status(), JSON.stringify(await r.request().allHeaders()).slice(0, 400), (await r.text().catch(() => '')).slice(0, 200)); });
    context.on('request', (r) => { if (r.url().includes('/ingest/v1/web/i')) console.log('DEBUGREQ', r.url(), r.postData()?.slice(0, 200)); });
    context.on('requestfailed', (r) => { if (r.url().includes('/ingest/')) console.log('DEBUGFAIL', r.url(), r.failure()?.errorText); });
    page.on('console', (m) => console.log('DEBUGCONSOLE', m.type(), m.text().slice(0, 300)));
    page.on('worker', (w) => console.log('DEBUGWORKER', w.url().slice(0, 80)));
    const started = page.waitForResponse((r) => r.url().endsWith('/ingest/v1/web/start'));
    await signedUpUser(page, server, '錄製學員');
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
    await page.waitForTimeout(300);

    // A reload leaves the page (its batches go out with keepalive) and continues the same session.
    const restarted = page.waitForResponse((r) => r.url().endsWith('/ingest/v1/web/start'));
    await page.reload();
    expect((await restarted).status()).toBe(200);
    await page.getByTestId('nav-avatar').waitFor();
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);

    // Sign-out stops recording and delivers what is left; the sign-in screen is never recorded.
    await page.getByRole('navigation', { name: '主選單' }).getByRole('button', { name: '登出' }).click();
    await page.getByRole('dialog', { name: '確認登出' }).getByRole('button', { name: '登出' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('電子郵件').fill(`after-logout-${tag}@example.test`);
    expect(cspViolations).toEqual([]);
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);

    let session: RecordedSession | undefined;
    await expect
      .poll(
        async () => {
          const sessions = await recordedSessions(server, staffAuth, learner.id);
          session = sessions[0];
          const types = new Set(session?.messages.map((m) => m[0]));
          console.log('DEBUG', sessions.length, sessions.map((x) => [x.batches, x.userId, JSON.stringify([...new Set(x.messages.map((m) => m[0]))]), JSON.stringify(ofType(x.messages, 4).map((q) => q[1]))]));
          return (
            sessions.length === 1 &&
            [MessageType.JSException, MessageType.NetworkRequest, MessageType.ConsoleLog].every((t) =>
              types.has(t),
            ) &&
            ofType(session!.messages, MessageType.SetPageLocation).length >= 3
          );
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    const s = session!;
    const m = s.messages;

    // Whose session: the learner's id, from the start request and the UserID message.
    expect(s.userId).toBe(learner.id);
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
  });
});
