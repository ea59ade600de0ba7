import type { AddressInfo } from 'node:net';
import { buildApp } from '@atrium/server';
import { loadConfig } from '@atrium/server/config';
import { redisAnswers, redisTestUrl } from '@atrium/server/test/redis-available';
import { startSmtpSink } from '@atrium/server/test/smtp-sink';
import { openTestDatabase } from '@atrium/server/test/test-databases';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_MEDIA, openAssistPair } from '../../support/assist.ts';
import { launchBrowser } from '../../support/browser.ts';
import { configuredKind, PORTAL_DIST, type TestServer } from '../../support/server.ts';

const available = await redisAnswers();
if (!available && process.env.CI) throw new Error(`Redis is required in CI (${redisTestUrl})`);
if (!available) console.warn(`assist-two-processes: skipped, Redis is not reachable at ${redisTestUrl}`);

// Two server processes (two apps on their own ports, one database, one Redis), as behind a load balancer
// without sticky routing: the learner's portal, socket and PeerJS socket are on A, the agent's console,
// socket and PeerJS socket on B. The relay meets through the socket.io Redis adapter; PeerJS signalling
// for a peer on the other process is forwarded the same way (ADR 0031).
describe.skipIf(!available)('live assist with the learner and the agent on two server processes', () => {
  let a: TestServer;
  let b: TestServer;
  let closeAll: () => Promise<void>;
  let browser: Browser;
  let learnerContext: BrowserContext;
  let learner: Page;
  let agentContext: BrowserContext;
  let agent: Page;
  let mirror: FrameLocator;

  beforeAll(async () => {
    const database = await openTestDatabase(configuredKind);
    const smtp = await startSmtpSink();
    async function start(): Promise<TestServer> {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: 'memory://',
        HOST: '127.0.0.1',
        PORT: '0',
        PUBLIC_URL: 'http://localhost:3000',
        PORTAL_DIST,
        SMTP_URL: smtp.url,
        REDIS_URL: redisTestUrl,
      });
      const app = await buildApp(config, { database });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      return {
        app,
        baseUrl,
        smtp,
        kind: configuredKind,
        urlOnServer: (link: string) => `${baseUrl}${new URL(link).pathname}${new URL(link).search}`,
        execute: async () => undefined,
        close: async () => app.close(),
      };
    }
    a = await start();
    b = await start();
    closeAll = async () => {
      await a.close();
      await b.close();
      await database.close();
      await smtp.close();
    };
    browser = await launchBrowser(FAKE_MEDIA);
    // Process B lists and mirrors the learner whose sockets are on process A.
    ({ learnerContext, learner, agentContext, agent, mirror } = await openAssistPair(browser, a, b));
  });
  afterAll(async () => {
    await agentContext?.close();
    await learnerContext?.close();
    await browser?.close();
    await closeAll?.();
  });

  it('the agent on B sees the learner’s page on A change live', async () => {
    await learner.evaluate(() => {
      const p = document.createElement('p');
      p.textContent = '跨主機也看得到';
      document.body.prepend(p);
    });
    await mirror.getByText('跨主機也看得到').waitFor({ timeout: 10_000 });
  });

  it('control across processes: grant, an agent click changes the learner’s page, release', async () => {
    await learner.evaluate(() => {
      const b = document.createElement('button');
      b.id = 'assist-probe';
      b.type = 'button';
      b.textContent = '請點我';
      b.style.cssText = 'position:fixed;left:40px;top:120px;z-index:10';
      b.addEventListener('click', () => {
        b.textContent = '客服點到了';
      });
      document.body.append(b);
    });
    await mirror.locator('#assist-probe').waitFor();
    await agent.getByRole('button', { name: '要求遠端控制' }).click();
    const prompt = learner.getByRole('alertdialog', { name: '客服要求遠端控制您的畫面，是否允許？' });
    await prompt.getByRole('button', { name: '允許遠端控制' }).click();
    await agent.getByText('學員已同意遠端控制').waitFor();

    const box = await mirror.locator('#assist-probe').boundingBox();
    if (!box) throw new Error('no probe in the mirror');
    await agent.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await learner.getByRole('button', { name: '客服點到了' }).waitFor();

    await agent.getByRole('button', { name: '結束遠端控制' }).click();
    await learner.locator('[data-assist="pointer"]').waitFor({ state: 'detached' });
  });

  it('a call across processes: PeerJS signalling crosses from B to A, media flows both ways, the agent ends it', async () => {
    await agent.getByRole('button', { name: '通話', exact: true }).click();
    const prompt = learner.getByRole('alertdialog', { name: '客服來電，要接聽嗎？' });
    await prompt.waitFor({ timeout: 15_000 });
    await prompt.getByRole('button', { name: '接聽' }).click();
    const callWindow = learner.frameLocator('[data-assist="call-window"]');
    await expect
      .poll(
        () =>
          callWindow
            .locator('[data-assist="remote-video"]')
            .evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth > 0),
        { timeout: 20_000 },
      )
      .toBe(true);
    await expect
      .poll(
        () =>
          agent
            .getByLabel('學員視訊')
            .evaluate(
              (v: HTMLVideoElement) => (v.srcObject as MediaStream | null)?.getAudioTracks().length ?? 0,
            ),
        { timeout: 15_000 },
      )
      .toBe(1);
    await agent.getByRole('button', { name: '結束通話' }).click();
    await learner.locator('[data-assist="call-window"]').waitFor({ state: 'detached' });
  });
});
