import { UAParser } from 'ua-parser-js';

/** "Chrome 131" from a user agent (the way recordings name it), or "" when it names no browser. */
export function browserOf(userAgent: string | string[] | undefined): string {
  const text = (Array.isArray(userAgent) ? userAgent[0] : userAgent) ?? '';
  const ua = new UAParser(text.slice(0, 1000)).getBrowser();
  return [ua.name, ua.major].filter(Boolean).join(' ');
}
