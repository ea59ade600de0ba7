import type { AccountUser } from '@atrium/protocol';
import type { Query } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { trackingTarget } from './track-signed-in-user.ts';

const user = (role: AccountUser['role']) => ({ id: 'u-1', role }) as AccountUser;
const entry = (status: 'pending' | 'success' | 'error', data?: unknown) =>
  ({ state: { status, data } }) as unknown as Pick<Query, 'state'>;

describe('trackingTarget', () => {
  it('records a learner once the entry check succeeded', () => {
    expect(trackingTarget(entry('success', { user: user('learner') }), true)).toBe('u-1');
  });

  it('waits while the entry check is running', () => {
    expect(trackingTarget(entry('pending'), true)).toBeUndefined();
  });

  it('records nobody when the check failed, for staff, or after sign-out', () => {
    expect(trackingTarget(entry('error', { user: user('learner') }), true)).toBeNull();
    expect(trackingTarget(entry('success', { user: user('agent') }), true)).toBeNull();
    expect(trackingTarget(undefined, false)).toBeNull();
  });

  it('keeps recording when only the cached check was dropped and the learner is still signed in', () => {
    expect(trackingTarget(undefined, true)).toBeUndefined();
  });
});
