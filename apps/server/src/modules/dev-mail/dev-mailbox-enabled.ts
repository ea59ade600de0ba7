import type { Config } from '../../config.ts';

/**
 * The development mailbox exists only where mail goes nowhere else: NODE_ENV=development and no SMTP_URL.
 * No variable switches it on, so a production process (NODE_ENV=production) can never serve it (ADR 0019).
 */
export function devMailboxEnabled(config: Pick<Config, 'env' | 'smtpUrl'>): boolean {
  return config.env === 'development' && !config.smtpUrl;
}
