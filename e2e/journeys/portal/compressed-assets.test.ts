import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useJourney } from '../../support/journey.ts';
import { openBrowser } from '../../support/portal.ts';

const journey = useJourney();

describe('the portal on the wire', () => {
  it('sends its hashed assets precompressed and cacheable for a year, and index.html fresh', async () => {
    const { context, page } = await openBrowser(journey.browser, journey.server);
    const assets: Response[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/assets/')) assets.push(r);
    });
    const html = await page.goto('/login');
    await page.getByRole('button', { name: '登入', exact: true }).waitFor();

    const htmlHeaders = await html?.allHeaders();
    expect(htmlHeaders?.['cache-control']).toBe('no-cache');

    const scripts = assets.filter((r) => r.url().endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const r of assets.filter((a) => /\.(js|css)$/.test(a.url()))) {
      const headers = await r.allHeaders();
      const name = new URL(r.url()).pathname;
      // Chromium asks for br; files under 1 KB are sent as they are.
      if (Number(headers['content-length'] ?? 2048) >= 1024 || headers['content-encoding']) {
        expect(headers['content-encoding'], name).toBe('br');
        expect(headers.vary?.toLowerCase(), name).toContain('accept-encoding');
      }
      expect(headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
      // Document-only headers are left off subresources (bytes on every first load); nosniff stays.
      expect(headers['x-content-type-options'], name).toBe('nosniff');
      expect(headers['content-security-policy'], name).toBeUndefined();
      expect(headers['x-frame-options'], name).toBeUndefined();
    }
    expect(htmlHeaders?.['content-security-policy']).toContain("script-src 'self'");

    // A client without brotli gets gzip; one that accepts nothing gets the plain file.
    const script = new URL(scripts[0]?.url() ?? '').pathname;
    const gz = await fetch(`${journey.server.baseUrl}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${journey.server.baseUrl}${script}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).length).toBeGreaterThan(0);
    await context.close();
  });

  it('compresses API answers above 1 KB and leaves small ones alone', async () => {
    const base = journey.server.baseUrl;
    // The OpenAPI document is large; the readiness answer is a few bytes.
    const big = await fetch(`${base}/v1/docs/json`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.status).toBe(200);
    expect(big.headers.get('content-encoding')).toBe('br');
    expect(big.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    const small = await fetch(`${base}/v1/health`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});
