import { BROWSER_SUPPORT } from '@atrium/protocol/assist';

const major = (ua: string, re: RegExp): number | null => {
  const m = re.exec(ua);
  return m ? Number(m[1]) : null;
};

/**
 * Spec 2 §5: assist runs in Chrome 72+, Firefox 59+ and Safari 605+ (its WebKit build), never on iOS;
 * any other browser gets no assist (the tracker still records).
 */
export function assistSupported(ua: string): boolean {
  if (/iPad|iPhone|iPod/.test(ua)) return false;
  const chrome = major(ua, /Chrom(?:e|ium)\/(\d+)/);
  if (chrome !== null) return chrome >= BROWSER_SUPPORT.chrome;
  const firefox = major(ua, /Firefox\/(\d+)/);
  if (firefox !== null) return firefox >= BROWSER_SUPPORT.firefox;
  const safari = /Version\/[\d.]+/.test(ua) ? major(ua, /Safari\/(\d+)/) : null;
  if (safari !== null) return safari >= BROWSER_SUPPORT.safari;
  return false;
}
