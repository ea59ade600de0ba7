import { describe, expect, it } from 'vitest';
import { afterSignInPath } from './after-sign-in-path.ts';

describe('afterSignInPath', () => {
  it('goes back to the page the gate saved', () => {
    expect(afterSignInPath('?redirect=%2Ftasks%2Fmy%3Fpage%3D2')).toBe('/tasks/my?page=2');
  });

  it('goes to the dashboard without a saved page', () => {
    expect(afterSignInPath('')).toBe('/dashboard');
  });

  it('never leaves the portal', () => {
    for (const evil of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/ /evil.example',
      'javascript:alert(1)',
    ]) {
      expect(afterSignInPath(`?redirect=${encodeURIComponent(evil)}`)).toBe('/dashboard');
    }
  });
});
