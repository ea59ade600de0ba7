import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (Playwright's own download does not work here), with the flags of the shared rules. */
/** `extraArgs`: e.g. the fake camera/microphone flags of WebRTC journeys. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}
