import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app.ts';
import { databaseKinds } from '../../test/test-databases.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { contentSecurityPolicy } from './content-security-policy.ts';
import { createBlobStore } from './create-blob-store.ts';

/** The policy a page is sent with, as directive → sources. */
async function policyOf(env: Record<string, string>, kind = databaseKinds[0]!) {
  const t = await createTestApp(kind, env);
  try {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    const header = String(res.headers['content-security-policy'] ?? '');
    return new Map(
      header
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...sources]) => [name as string, sources]),
    );
  } finally {
    await t.close();
  }
}

const bareSchemes = ['https:', 'http:', 'ws:', 'wss:', '*'];

describe('the Content-Security-Policy header', () => {
  it('allows connections, images and frames only from the server and the hosts the portal embeds', async () => {
    const policy = await policyOf({});
    for (const [name, sources] of policy) {
      for (const scheme of bareSchemes) expect(sources, name).not.toContain(scheme);
    }
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('frame-src')).toEqual([
      "'self'",
      'https://www.youtube-nocookie.com',
      'https://www.youtube.com',
      'https://player.vimeo.com',
      'https://meet.jit.si',
    ]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  }, 120_000);

  it('adds the S3 bucket for avatar uploads and reads, a CDN and configured embeds', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      PUBLIC_URL: 'https://portal.example.org',
      // Nothing is sent to the bucket here: the policy only names it.
      S3_BUCKET: 'avatars',
      S3_ENDPOINT: 'https://s3.example.net',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://images.example.net/avatars',
      CSP_CDN_ORIGINS: 'https://cdn.example.com, https://media.example.com:8443',
      CSP_FRAME_ORIGINS: 'https://video.example.org',
    });
    const blobs = createBlobStore(config);
    const directives = contentSecurityPolicy(config, blobs);
    blobs.close?.();
    const policy = new Map([
      ['connect-src', directives.connectSrc],
      ['img-src', directives.imgSrc],
      ['media-src', directives.mediaSrc],
      ['frame-src', directives.frameSrc],
    ]);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'wss://portal.example.org',
      'https://s3.example.net',
    ]);
    expect(policy.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://images.example.net',
      'https://cdn.example.com',
      'https://media.example.com:8443',
    ]);
    expect(policy.get('media-src')).toEqual([
      "'self'",
      'https://cdn.example.com',
      'https://media.example.com:8443',
    ]);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://video.example.org']);
  });

  it('refuses extra sources that are not origins, so no setting can bring back a whole scheme', () => {
    for (const value of ['https:', '*', 'https://cdn.example.com/path', 'cdn.example.com', 'javascript:x']) {
      expect(
        () => loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', CSP_CDN_ORIGINS: value }),
        value,
      ).toThrow(ConfigError);
      expect(
        () => loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', CSP_FRAME_ORIGINS: value }),
        value,
      ).toThrow(ConfigError);
    }
  });
});
