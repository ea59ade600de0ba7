import type { IncomingHttpHeaders } from 'node:http';
import { UAParser } from 'ua-parser-js';

export interface Visitor {
  userBrowser: string;
  userOS: string;
  userDevice: string;
  userCountry: string;
  userState: string;
  userCity: string;
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  // Proxy headers are short codes or names; anything long or odd is dropped rather than stored.
  return text && /^[\p{L}\p{N} .'-]{1,64}$/u.test(text) ? text : '';
};

/**
 * Browser, OS and device from the user agent; place only from headers a trusted proxy sets
 * (Cloudflare's `cf-ipcountry`, or `x-country` / `x-region` / `x-city`), since there is no GeoIP
 * database here. Without TRUST_PROXY a client could claim any place, so the place stays empty.
 */
export function describeVisitor(headers: IncomingHttpHeaders, trustProxy: boolean): Visitor {
  const ua = new UAParser(String(headers['user-agent'] ?? '').slice(0, 1000)).getResult();
  const browser = [ua.browser.name, ua.browser.major].filter(Boolean).join(' ');
  const os = [ua.os.name, ua.os.version].filter(Boolean).join(' ');
  // ua-parser leaves `type` empty for desktop browsers.
  const device = ua.device.type ?? (ua.browser.name ? 'desktop' : '');
  const country = trustProxy ? header(headers, 'cf-ipcountry') || header(headers, 'x-country') : '';
  return {
    userBrowser: browser,
    userOS: os,
    userDevice: device,
    // 'XX' / 'T1' are Cloudflare's unknown and Tor markers, not countries.
    userCountry: country === 'XX' || country === 'T1' ? '' : country.toUpperCase(),
    userState: trustProxy ? header(headers, 'x-region') : '',
    userCity: trustProxy ? header(headers, 'x-city') : '',
  };
}
