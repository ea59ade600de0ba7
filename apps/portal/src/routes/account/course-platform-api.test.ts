import { describe, expect, it } from 'vitest';
import { returnTarget } from './course-platform-api.ts';

describe('returnTarget (spec 1 §3 redirect type and route)', () => {
  const school = 'https://school.example';

  it('returns to a portal route for the user type, and to the school for the teachable type', () => {
    expect(returnTarget('user', '/user/courses', school)).toBe('/user/courses');
    expect(returnTarget('teachable', '/courses/enrolled/7', school)).toBe(
      'https://school.example/courses/enrolled/7',
    );
  });

  it('never follows another site or nothing, and goes to the dashboard instead', () => {
    for (const bad of ['//evil.example', 'https://evil.example', '/\\\\evil', 'javascript:alert(1)', null]) {
      expect(returnTarget('user', bad, school)).toBe('/dashboard');
    }
    expect(returnTarget('teachable', '/x', undefined)).toBe('/x');
  });
});
