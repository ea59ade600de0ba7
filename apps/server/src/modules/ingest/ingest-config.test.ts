import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

describe('ingest configuration', () => {
  it('refuses to run production with the public development secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/INGEST_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', INGEST_SECRET: 'too-short' })).toThrow(/INGEST_SECRET/);
  });

  it('reads the limits and the inactivity window from the environment', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      INGEST_SECRET: 'x'.repeat(40),
      INGEST_BEACON_SIZE_LIMIT: '200000',
      INGEST_SESSION_IDLE_SECONDS: '60',
    });
    expect(config.ingest).toMatchObject({
      secret: 'x'.repeat(40),
      beaconSizeLimit: 200_000,
      compressionThreshold: 24_000,
      sessionIdleSeconds: 60,
    });
  });

  it('keeps replaced recording blobs 48 hours unless told otherwise, and refuses a grace that is not whole hours', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).ingest.retiredBlobGraceHours).toBe(48);
    expect(
      loadConfig({ NODE_ENV: 'test', RECORDING_RETIRED_BLOB_GRACE_HOURS: '0' }).ingest.retiredBlobGraceHours,
    ).toBe(0);
    for (const wrong of ['-1', '1.5', 'two days', '100000']) {
      expect(() => loadConfig({ NODE_ENV: 'test', RECORDING_RETIRED_BLOB_GRACE_HOURS: wrong })).toThrow(
        /RECORDING_RETIRED_BLOB_GRACE_HOURS/,
      );
    }
  });
});
