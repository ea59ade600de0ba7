import type { Config } from '../config.ts';
import type { UploadableBlobStore } from './create-blob-store.ts';

/**
 * The Content-Security-Policy directives of every page the server sends (portal, console), for helmet
 * (ADR 0014). Each source list names what the front ends use, never a whole scheme (`https:`, `wss:`):
 * - connect: the API, ingest, the assist socket and the peer server are all on this origin; the socket's
 *   ws(s) origin of PUBLIC_URL is named too (older Safari does not match `'self'` for websockets); with S3,
 *   the bucket that presigned avatar uploads go to.
 * - img: the server's files (avatars, course images), data:/blob: (inlined assets, rrweb replays), the
 *   bucket's public address when S3_PUBLIC_URL is set, and CSP_CDN_ORIGINS.
 * - frame: course videos and live classes, from CSP_FRAME_ORIGINS (YouTube, Vimeo, Jitsi by default).
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'publicUrl' | 'csp'>,
  blobs: Pick<UploadableBlobStore, 'uploadOrigin' | 'publicUrl'>,
): Record<string, string[]> {
  const publicUrl = new URL(config.publicUrl);
  const socketOrigin = `${publicUrl.protocol === 'https:' ? 'wss:' : 'ws:'}//${publicUrl.host}`;
  const bucketUpload = blobs.uploadOrigin ? [blobs.uploadOrigin()] : [];
  const bucketPublic = blobs.publicUrl ? [new URL(blobs.publicUrl('x')).origin] : [];
  const cdn = config.csp.cdnOrigins;
  const unique = (sources: string[]) => [...new Set(sources)];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: unique(["'self'", 'data:', 'blob:', ...bucketPublic, ...cdn]),
    mediaSrc: unique(["'self'", ...cdn]),
    fontSrc: unique(["'self'", 'data:', ...cdn]),
    connectSrc: unique(["'self'", socketOrigin, ...bucketUpload]),
    workerSrc: ["'self'", 'blob:'],
    frameSrc: unique(["'self'", ...config.csp.frameOrigins]),
    frameAncestors: ["'none'"],
  };
}
