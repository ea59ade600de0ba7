import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.ts';

describe('redactUrl', () => {
  it('hides the values of credential parameters and keeps the rest of the address', () => {
    expect(redactUrl('https://a.test/v1/user/reset_password/verify?token=abc123&x=1#top')).toBe(
      'https://a.test/v1/user/reset_password/verify?token=redacted&x=1#top',
    );
    expect(redactUrl('/login/verify?Code=482913')).toBe('/login/verify?Code=redacted');
    expect(redactUrl('/dashboard?h_use_this_user_token=t0k&h_time_limit=60')).toBe(
      '/dashboard?h_use_this_user_token=redacted&h_time_limit=60',
    );
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=redacted');
  });

  it('leaves addresses without secrets unchanged', () => {
    for (const url of ['/v1/tasks?page=2', '/v1/entry', 'https://a.test/?tokens=1', '/x?token', '/x?#a=b']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
