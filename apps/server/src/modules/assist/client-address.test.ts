import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './client-address.ts';

const request = (peer: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  }) as unknown as IncomingMessage;

describe('the relay’s client address behind a proxy', () => {
  it('understands the names TRUST_PROXY accepts (loopback, …) as their ranges', () => {
    // A proxy on the same machine (TRUST_PROXY=loopback) once stopped the relay from starting at all.
    const of = clientAddressOf(['loopback', 'uniquelocal']);
    expect(of(request('127.0.0.1', '203.0.113.7'))).toBe('203.0.113.7');
    expect(of(request('::ffff:10.1.2.3', '203.0.113.7, 127.0.0.1'))).toBe('203.0.113.7');
    expect(of(request('203.0.113.9', '198.51.100.1'))).toBe('203.0.113.9');
  });
});
