import type { SubChapterType } from '@atrium/protocol/training';

/** Where the portal's Content-Security-Policy lets course content come from (its own origin included). */
export interface AllowedOrigins {
  img: string[];
  media: string[];
  frame: string[];
}

/** A source the portal would block, and the setting that would allow it. */
export interface BlockedSource {
  origin: string;
  setting: 'CSP_CDN_ORIGINS' | 'CSP_FRAME_ORIGINS';
}

/**
 * Reads img-src, media-src and frame-src of a Content-Security-Policy header; `'self'` becomes `self` (the
 * portal's origin). The console is served by the same server under the same policy as the portal.
 */
export function allowedOrigins(header: string, self: string): AllowedOrigins {
  const directive = (name: string) => {
    const part = header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([key]) => key === name);
    return (part?.slice(1) ?? []).map((source) => (source === "'self'" ? self : source));
  };
  return { img: directive('img-src'), media: directive('media-src'), frame: directive('frame-src') };
}

const allows = (list: string[], origin: string) =>
  list.some(
    (source) => source === origin || source === '*' || (source.endsWith(':') && origin.startsWith(source)),
  );

const originOf = (address: string) => {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
};

/**
 * The sources of a sub-chapter the portal's policy would block, each once (issue 23): Markdown images from
 * another site (CSP_CDN_ORIGINS), and a video or live class embedded from a site outside CSP_FRAME_ORIGINS (a
 * video file: CSP_CDN_ORIGINS). The editor warns about them before learners find an empty box.
 */
export function blockedSources(
  type: SubChapterType,
  content: string,
  allowed: AllowedOrigins,
): BlockedSource[] {
  const found: BlockedSource[] = [];
  const add = (origin: string | null, list: string[], setting: BlockedSource['setting']) => {
    if (origin && !allows(list, origin) && !found.some((f) => f.origin === origin && f.setting === setting)) {
      found.push({ origin, setting });
    }
  };
  if (type === 'markdown') {
    for (const match of content.matchAll(/!\[[^\]]*\]\(\s*<?([^\s)>]+)/g)) {
      add(originOf(match[1] ?? ''), allowed.img, 'CSP_CDN_ORIGINS');
    }
  } else if (type === 'video' || type === 'live') {
    const address = content.trim();
    if (/\.(mp4|webm|ogg)(\?|$)/i.test(address)) add(originOf(address), allowed.media, 'CSP_CDN_ORIGINS');
    else add(originOf(address), allowed.frame, 'CSP_FRAME_ORIGINS');
  }
  return found;
}
