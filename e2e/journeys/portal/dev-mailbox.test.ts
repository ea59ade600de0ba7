import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collectConsoleErrors } from '../../support/console-errors.ts';
import { useJourney } from '../../support/journey.ts';
import { fillRegisterForm, openBrowser, PASSWORD, uniqueEmail } from '../../support/portal.ts';
import { startTestServer } from '../../support/server.ts';

describe('the mailed code on a fresh `npm start` (development, no SMTP_URL)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-dev-mailbox-'));
  const journey = useJourney({
    start: () => startTestServer(undefined, { NODE_ENV: 'development', SMTP_URL: '', DATA_DIR: dataDir }),
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is found through the link on the code-entry screen', async () => {
    const { context, page } = await openBrowser(journey.browser, journey.server);
    const errors = collectConsoleErrors(page);
    const email = uniqueEmail();
    await page.goto('/register');
    await fillRegisterForm(page, { email, nickname: '新同學', password: PASSWORD });
    await page.getByRole('button', { name: '註冊' }).click();
    await page.waitForURL('**/register/verify');

    const hint = page.getByTestId('dev-mailbox-hint');
    await hint.waitFor();
    await hint.getByRole('link', { name: '開發信箱' }).click();
    await page.waitForURL('**/dev/mail');
    const mail = page.getByTestId('dev-mail').filter({ hasText: email }).first();
    await mail.waitFor();
    const code = /\b(\d{6})\b/.exec((await mail.textContent()) ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);

    await page.goBack();
    await page.waitForURL('**/register/verify');
    await page.getByLabel('電子郵件').fill(email);
    await page.getByLabel('驗證碼').fill(code ?? '');
    await page.getByRole('button', { name: '驗證', exact: true }).click();
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('with a real mail server (SMTP_URL set)', () => {
  const journey = useJourney();

  it('shows no mailbox link and no mailbox', async () => {
    const { context, page } = await openBrowser(journey.browser, journey.server);
    const errors = collectConsoleErrors(page);
    await page.goto('/register/verify');
    await page.getByLabel('驗證碼').waitFor();
    // The hint would appear once the status call answered; wait for that call, then look.
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('dev-mailbox-hint').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
