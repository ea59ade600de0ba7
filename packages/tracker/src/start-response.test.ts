import { describe, expect, it } from 'vitest';
import { checkStartResponse } from './start-response.ts';

const good = { token: 't', userUUID: 'u', sessionID: 's', delay: 0, projectID: 7, features: ['a', 1] };

describe('start response check (spec §5)', () => {
  it('accepts strings for token/userUUID/sessionID, a number delay, numbers-or-absent timestamp and limit', () => {
    expect(checkStartResponse(good)).toMatchObject({
      token: 't',
      projectID: '7',
      features: ['a'],
      canvasQuality: 'medium',
    });
    expect(checkStartResponse({ ...good, startTimestamp: 5, beaconSizeLimit: 10 })).toMatchObject({
      startTimestamp: 5,
      beaconSizeLimit: 10,
    });
  });
  it('refuses anything else', () => {
    for (const bad of [
      null,
      'x',
      { ...good, token: 1 },
      { ...good, userUUID: undefined },
      { ...good, sessionID: 3 },
      { ...good, delay: '0' },
      { ...good, delay: undefined },
      { ...good, startTimestamp: '1' },
      { ...good, beaconSizeLimit: '1' },
    ]) {
      expect(checkStartResponse(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});
