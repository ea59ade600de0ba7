import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.ts';

describe('redactUrl (logs and recordings share it)', () => {
  it('hides the values of credential parameters and keeps the rest of the address', () => {
    expect(redactUrl('https://a.test/v1/user/reset_password/verify?token=abc123&x=1#top')).toBe(
      'https://a.test/v1/user/reset_password/verify?token=[redacted]&x=1#top',
    );
    expect(redactUrl('/login/verify?Code=482913')).toBe('/login/verify?Code=[redacted]');
    expect(redactUrl('/dashboard?h_use_this_user_token=t0k&h_time_limit=60')).toBe(
      '/dashboard?h_use_this_user_token=[redacted]&h_time_limit=60',
    );
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
    expect(redactUrl('/avatars/a.png?expires=9&sig=f00')).toBe('/avatars/a.png?expires=9&sig=[redacted]');
    expect(redactUrl('/o?X-Amz-Signature=abc&api_key=k')).toBe(
      '/o?X-Amz-Signature=[redacted]&api_key=[redacted]',
    );
  });

  it('hides the token of a class invitation, in the API path and on the sign-up link (ADR 0063)', () => {
    expect(redactUrl('/v1/invitations/AbC_123-xyz')).toBe('/v1/invitations/[redacted]');
    expect(redactUrl('https://a.test/register?invitation=AbC_123&x=1')).toBe(
      'https://a.test/register?invitation=[redacted]&x=1',
    );
  });

  it('hides the feed secret of a calendar address, relative or absolute', () => {
    expect(redactUrl('/v1/calendar/Feed0secret.ics')).toBe('/v1/calendar/[redacted]');
    expect(redactUrl('https://a.test/v1/calendar/abc?x=1')).toBe('https://a.test/v1/calendar/[redacted]?x=1');
    expect(redactUrl('/v1/calendar/feed')).toBe('/v1/calendar/feed');
  });

  it('leaves addresses without secrets unchanged', () => {
    for (const url of [
      '/v1/tasks?page=2',
      '/v1/entry',
      'https://a.test/?tokens=1',
      '/x?token',
      '/x?#a=b',
      '/m?monkey=1',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
