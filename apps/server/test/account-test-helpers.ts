// Test helpers for the account tests: a cookie-keeping "browser" and mail readers. Not used by the app.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { TestApp } from './create-test-app.ts';
import type { ReceivedMail } from './smtp-sink.ts';

interface JarCookie {
  value: string;
  path: string;
}

/**
 * A browser as the server sees it: keeps the cookies it is given (respecting their paths and expiry) and,
 * like the portal, sets a 32-character XSRF-TOKEN cookie and echoes it in the x-xsrf-token header.
 */
export function createBrowser(app: FastifyInstance, ip = '127.0.0.1') {
  const jar = new Map<string, JarCookie>();
  jar.set('XSRF-TOKEN', { value: randomBytes(16).toString('hex'), path: '/' });

  async function call(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    const path = url.split('?')[0]!;
    const cookie = [...jar]
      .filter(([, c]) => path.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
    const res = await app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { cookie, 'x-xsrf-token': jar.get('XSRF-TOKEN')!.value, ...headers },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    for (const c of res.cookies as { name: string; value: string; path?: string; expires?: Date }[]) {
      if (!c.value || (c.expires && c.expires.getTime() <= Date.now())) jar.delete(c.name);
      else jar.set(c.name, { value: c.value, path: c.path ?? '/' });
    }
    return res;
  }
  return { call, cookie: (name: string) => jar.get(name)?.value };
}

/** Waits for the next mail to `to` whose subject contains `subject`, arriving after `since` mails. */
export function mailAfter(t: TestApp, since: number, to: string, subject: string): Promise<ReceivedMail> {
  return t.smtp.waitForMail(to, (m) => t.smtp.inbox.indexOf(m) >= since && m.subject.includes(subject));
}

export const linkToken = (mail: ReceivedMail, path: string) => {
  const match = mail.text.match(new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1]!;
};

export const mailedCode = (mail: ReceivedMail) => {
  const match = mail.text.match(/驗證碼：(\d{6})/);
  if (!match) throw new Error(`no code in: ${mail.text}`);
  return match[1]!;
};

/** Waits until the app's background mails reached the sink, so "no mail was sent" can be asserted. */
export const settleMail = (app: FastifyInstance) => app.background.settle();
