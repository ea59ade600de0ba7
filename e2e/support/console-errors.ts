import type { BrowserContext, Page } from 'playwright-core';

/**
 * Everything the page reports as a script error: console.error (React's warnings included) and uncaught
 * exceptions, not Chromium's "Failed to load resource" lines (see NETWORK_STATUS below: a call that a
 * sign-out overtakes answers 401, and the product handles that itself). A journey ends with
 * `expect(errors).toEqual([])`.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !NETWORK_STATUS.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

// Chromium logs every 4xx/5xx answer and every unreachable host as "Failed to load resource": journeys cause
// those on purpose (a wrong password, a missing class; the test OpenID provider's pages name hosts this
// machine cannot reach), and the product shows failed calls in its own way. They are not script errors.
const NETWORK_STATUS = /^Failed to load resource: /;
// The replay and live view draw a recorded page in an iframe sandboxed without scripts (ADR 0028): Chromium
// reports each script of the recorded page it refuses to run. That refusal is the design, not a fault.
const SANDBOX_REFUSAL = /^Blocked script execution in .* because the document's frame is sandboxed/;

const unexpected: string[] = [];
const allowed: RegExp[] = [];

/**
 * Watches every page of a browser context for script errors (console.error, uncaught exceptions); the journey
 * harness fails the test that caused any (issue 9: no console errors on any journey).
 */
export function watchConsoleErrors(context: BrowserContext): void {
  context.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !NETWORK_STATUS.test(text) && !SANDBOX_REFUSAL.test(text))
      unexpected.push(text);
  });
  context.on('weberror', (error) => unexpected.push(`uncaught: ${error.error().message}`));
}

/** An error the current test causes on purpose (e.g. a learner's page logging one for the replay to show). */
export function allowConsoleError(pattern: RegExp): void {
  allowed.push(pattern);
}

/** The script errors seen since the last call, less the allowed ones; clears both lists. */
export function takeConsoleErrors(): string[] {
  const seen = unexpected.splice(0).filter((text) => !allowed.some((p) => p.test(text)));
  allowed.length = 0;
  return seen;
}
