import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';

export interface Journey {
  readonly server: TestServer;
  readonly browser: Browser;
}

/**
 * One test server and one Chromium for the enclosing describe block: registers the hooks that start them
 * before its tests and close them after. Read `server` and `browser` inside tests and hooks (they exist
 * once beforeAll has run). `start` picks the server (default: a fresh one on the configured database).
 */
export function useJourney({
  start = () => startTestServer(),
}: {
  start?: () => Promise<TestServer>;
} = {}): Journey {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await start();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('the journey server starts in beforeAll');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the journey browser starts in beforeAll');
      return browser;
    },
  };
}
