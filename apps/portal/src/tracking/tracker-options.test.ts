import { describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_KEY, portalTrackerOptions } from './tracker-options.ts';

describe('portalTrackerOptions', () => {
  it('records into the portal project on this origin, honouring Do Not Track', () => {
    const o = portalTrackerOptions({ origin: 'https://learn.example' });
    expect(o.projectKey).toBe(DEFAULT_PROJECT_KEY);
    expect(o.ingestPoint).toBe('https://learn.example/ingest');
    expect(o.respectDoNotTrack).toBe(true);
    expect(o.__DISABLE_SECURE_MODE).toBeUndefined();
    // No canvases in the portal: no canvas capture and no extra worker for it.
    expect(o.canvas?.disableCanvas).toBe(true);
  });

  it('opts out of the secure-protocol check only for plain http on this machine', () => {
    for (const origin of ['http://127.0.0.1:4173', 'http://localhost:3000', 'http://[::1]:3000'])
      expect(portalTrackerOptions({ origin }).__DISABLE_SECURE_MODE, origin).toBe(true);
    for (const origin of ['http://learn.example', 'http://127.0.0.1.example.com', 'https://localhost:3000'])
      expect(portalTrackerOptions({ origin }).__DISABLE_SECURE_MODE, origin).toBeUndefined();
  });

  it('takes the project key from the build when one is set', () => {
    expect(portalTrackerOptions({ origin: 'https://l.example', projectKey: ' other ' }).projectKey).toBe(
      'other',
    );
    expect(portalTrackerOptions({ origin: 'https://l.example', projectKey: '' }).projectKey).toBe(
      DEFAULT_PROJECT_KEY,
    );
  });

  it('obscures field values and never records bodies, cookies, tokens or credential parameters', () => {
    const o = portalTrackerOptions({ origin: 'https://l.example' });
    expect(o.defaultInputMode).toBe(1);
    expect(o.network?.capturePayload).toBe(false);
    expect(o.network?.ignoreHeaders).toEqual(
      expect.arrayContaining(['cookie', 'set-cookie', 'authorization', 'x-xsrf-token']),
    );
    const record = {
      requestType: 'fetch' as const,
      method: 'POST',
      url: 'https://l.example/v1/user/reset_password/verify?token=s3cret',
      request: { headers: {}, body: null },
      response: { headers: {}, body: null },
      status: 400,
      startTime: 0,
      duration: 1,
      responseSize: 0,
    };
    expect(o.network?.sanitizer?.(record)?.url).toBe(
      'https://l.example/v1/user/reset_password/verify?token=[redacted]',
    );
  });
});
