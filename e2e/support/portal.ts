import { randomBytes } from 'node:crypto';
import { createTestUser, type TestUser } from '@atrium/server/test/create-test-user';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { watchConsoleErrors } from './console-errors.ts';
import { linkIn } from './mail.ts';
import type { TestServer } from './server.ts';

/** An address nobody else in the run uses. */
export const uniqueEmail = (label = 'learner') => `${label}-${randomBytes(4).toString('hex')}@example.test`;

export const PASSWORD = 'Learner123';

/**
 * A fresh browser profile (cookies, storage) on the test server: "a new browser" to the product.
 * `cspViolations` collects what the server's Content-Security-Policy refused, which must stay empty.
 */
export async function openBrowser(
  browser: Browser,
  server: TestServer,
): Promise<{ context: BrowserContext; page: Page; cspViolations: string[] }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'zh-TW' });
  watchConsoleErrors(context);
  const page = await context.newPage();
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      cspViolations.push(message.text());
    }
  });
  return { context, page, cspViolations };
}

/**
 * A user the server signed in (a new account and its session cookie) in a fresh browser, on `path`: for
 * journeys whose subject is not signing in (the account journeys go through the screens). `prepare` runs on
 * the browser before its first page; `viewport` sizes the page before it opens `path`.
 */
export async function openSignedIn(
  browser: Browser,
  server: TestServer,
  opts: {
    role?: 'learner' | 'agent' | 'admin';
    nickname?: string;
    path?: string;
    viewport?: { width: number; height: number };
    prepare?: (context: BrowserContext) => Promise<unknown>;
  } = {},
): Promise<{ user: TestUser; context: BrowserContext; page: Page; cspViolations: string[] }> {
  const user = await createTestUser(server.app, { role: opts.role ?? 'learner', nickname: opts.nickname });
  const opened = await openBrowser(browser, server);
  await opened.context.addCookies([{ name: 'token', value: user.token, url: server.baseUrl }]);
  await opts.prepare?.(opened.context);
  if (opts.viewport) await opened.page.setViewportSize(opts.viewport);
  if (opts.path) await opened.page.goto(opts.path);
  return { user, ...opened };
}

/** Waits for a toast with `text` and returns its variant (warning, danger, …). */
export async function toastVariant(page: Page, text: string): Promise<string | null> {
  const toast = page.getByTestId('toast').filter({ hasText: text });
  await toast.first().waitFor({ state: 'visible' });
  return toast.first().getAttribute('data-variant');
}

/** The text of the validation message under a field, waiting until it appears. */
export async function fieldError(page: Page, name: string): Promise<string> {
  const error = page.getByTestId(`error-${name}`);
  await error.waitFor({ state: 'visible' });
  return (await error.textContent()) ?? '';
}

export async function fillRegisterForm(
  page: Page,
  v: { email: string; nickname: string; password: string; confirm?: string },
): Promise<void> {
  await page.getByLabel('電子郵件').fill(v.email);
  await page.getByLabel('暱稱').fill(v.nickname);
  await page.getByLabel('密碼', { exact: true }).fill(v.password);
  await page.getByLabel('確認密碼').fill(v.confirm ?? v.password);
}

/** Signs up through /register and returns the verification link that was mailed. */
export async function signUp(
  page: Page,
  server: TestServer,
  email: string,
  nickname: string,
): Promise<string> {
  await page.goto('/register');
  await fillRegisterForm(page, { email, nickname, password: PASSWORD });
  await page.getByRole('button', { name: '註冊' }).click();
  await page.waitForURL('**/register/verify');
  const mail = await server.smtp.waitForMail(email, (m) => m.subject.includes('驗證'));
  return linkIn(mail, '/register/verify');
}

/** Opens a verification link and waits until the dashboard greets the user. */
export async function openVerifyLink(
  page: Page,
  server: TestServer,
  link: string,
  nickname: string,
): Promise<void> {
  await page.goto(server.urlOnServer(link));
  await page.waitForURL('**/dashboard');
  expect(await page.getByTestId('greeting').textContent()).toContain(nickname);
}

/** A verified account signed in on `page` (the browser that verified it, so it is a known device). */
export async function signedUpUser(page: Page, server: TestServer, nickname = '小安') {
  const email = uniqueEmail();
  const link = await signUp(page, server, email, nickname);
  await openVerifyLink(page, server, link, nickname);
  return { email, nickname, password: PASSWORD, link };
}

export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('電子郵件').fill(email);
  await page.getByLabel('密碼').fill(password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
}

/** Signs out through the user side menu's confirm modal (the navbar has no sign-out: spec 1 §2). */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('nav-avatar').click();
  await page
    .getByRole('complementary', { name: '使用者選單' })
    .getByRole('button', { name: '登出', exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: '確認登出' });
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByRole('button', { name: '登出' }).click();
  await page.waitForURL('**/login');
}
