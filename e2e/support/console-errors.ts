import type { Page } from 'playwright-core';

/**
 * Everything the page reports as an error: console.error (React's warnings included) and uncaught
 * exceptions. A journey ends with `expect(errors).toEqual([])`.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}
