import { createTestUser, type TestUser } from '@atrium/server/test/create-test-user';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { codeIn } from './mail.ts';
import { openBrowser } from './portal.ts';
import type { TestServer } from './server.ts';

export interface ConsoleStaff {
  user: TestUser;
  context: BrowserContext;
  page: Page;
  cspViolations: string[];
}

/**
 * A staff member (agent by default, or admin) signed in to the console in a fresh browser, through the real
 * sign-in screens: e-mail and password, then the code mailed to a new browser. Ends on /console/ with the
 * layout shown. `path` opens a console screen afterwards (e.g. '/console/sessions').
 */
export async function signInToConsole(
  browser: Browser,
  server: TestServer,
  opts: { role?: 'agent' | 'admin'; nickname?: string; path?: string } = {},
): Promise<ConsoleStaff> {
  const user = await createTestUser(server.app, {
    role: opts.role ?? 'agent',
    nickname: opts.nickname ?? '客服阿哲',
  });
  const { context, page, cspViolations } = await openBrowser(browser, server);
  await page.goto('/console/login');
  await page.getByLabel('電子郵件').fill(user.email);
  await page.getByLabel('密碼').fill(user.password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await page.waitForURL('**/console/login/verify');
  const mail = await server.smtp.waitForMail(user.email, (m) => m.subject.includes('登入驗證碼'));
  await page.getByLabel('驗證碼').fill(codeIn(mail));
  await page.getByRole('button', { name: '驗證並登入' }).click();
  await page.getByTestId('signed-in-as').waitFor({ state: 'visible' });
  if (opts.path) await page.goto(opts.path);
  return { user, context, page, cspViolations };
}
