import { join } from 'node:path';
import type { Config } from '../config.ts';

export interface BannerFacts {
  /** Where this process answers (the real port, also when PORT=0). */
  url: string;
  /** Demo sign-ins to show (development only), as `email / password (role)`. */
  demoSignIns: string[];
  devMailbox: boolean;
}

/**
 * What a newcomer needs after `npm start`, in a few lines (ADR 0018): the address, the demo sign-ins, where
 * mail goes and where data lives. No secrets: of a database or mail URL only the host is shown.
 */
export function startBanner(config: Config, facts: BannerFacts): string {
  const lines = [`Atrium is running at ${facts.url}  (${config.env})`];
  if (facts.demoSignIns.length > 0) {
    lines.push(`  Demo sign-ins:  ${facts.demoSignIns[0]}`);
    for (const more of facts.demoSignIns.slice(1)) lines.push(`                  ${more}`);
  }
  const mailDir = join(config.dataDir, 'mail');
  if (config.smtpUrl) lines.push(`  Mail:           sent through ${hostOf(config.smtpUrl)}`);
  else if (facts.devMailbox) {
    lines.push(`  Mail:           not sent (no SMTP_URL); read it at ${facts.url}/dev/mail or in ${mailDir}`);
  } else lines.push(`  Mail:           not sent (no SMTP_URL); written to ${mailDir}`);
  lines.push(
    config.databaseUrl
      ? `  Data:           PostgreSQL at ${hostOf(config.databaseUrl)}; files in ${config.dataDir}`
      : `  Data:           ${config.dataDir} (embedded database, files, mail)`,
  );
  lines.push(`  API reference:  ${facts.url}/v1/docs`);
  return lines.join('\n');
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the configured server';
  }
}
