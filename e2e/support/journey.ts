import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser } from './browser.ts';
import { takeConsoleErrors } from './console-errors.ts';
import { startTestServer, type TestServer } from './server.ts';

export interface Journey {
  readonly server: TestServer;
  readonly browser: Browser;
}

/**
 * One test server and one Chromium for the enclosing describe block: registers the hooks that start them
 * before its tests and close them after. Read `server` and `browser` inside tests and hooks (they exist
 * once beforeAll has run). `start` picks the server (default: a fresh one on the configured database).
 * After each test, the pages opened with `openBrowser` must have logged no script error (`allowConsoleError`
 * names the ones a test causes on purpose).
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
  // No journey may leave a script error behind in any page it opened with openBrowser.
  afterEach(() => {
    expect(takeConsoleErrors(), 'console errors and uncaught exceptions in the pages').toEqual([]);
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
