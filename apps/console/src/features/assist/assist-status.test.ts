import { describe, expect, it } from 'vitest';
import { connectErrorState, shownConnection } from './assist-status.ts';
import en from './en.json';
import zhTW from './zh-TW.json';

describe('the agent connection state', () => {
  it('names each relay refusal by its code; only a plain connection error reads as reconnecting', () => {
    for (const code of ['unauthorized', 'bad_handshake', 'forbidden', 'too_many_sockets', 'rate_limited'])
      expect(connectErrorState(Object.assign(new Error(code), { data: { code } }))).toBe(code);
    expect(connectErrorState(new Error('websocket error'))).toBe('reconnecting');
    expect(connectErrorState(Object.assign(new Error('x'), { data: { code: 'made_up' } }))).toBe(
      'reconnecting',
    );
  });

  it('has its own words for every state in both languages, and only unauthorized speaks of signing in', () => {
    const states = [
      'connecting',
      'live',
      'idle',
      'no-session',
      'reconnecting',
      'failed',
      'unauthorized',
      'bad_handshake',
      'forbidden',
      'too_many_sockets',
      'rate_limited',
    ];
    for (const messages of [zhTW, en]) {
      const texts = messages.assist.connection as Record<string, string>;
      for (const s of states) expect(texts[s], s).toBeTruthy();
      expect(new Set(states.map((s) => texts[s])).size).toBe(states.length);
      const signIn = states.filter((s) => /登入|sign/i.test(texts[s] ?? ''));
      expect(signIn).toEqual(['unauthorized']);
    }
    expect(shownConnection('live', false)).toBe('idle');
    expect(shownConnection('live', undefined)).toBe('live');
    expect(shownConnection('reconnecting', false)).toBe('reconnecting');
  });

  it('a learner who paused sharing is never shown as live (ADR 0073)', () => {
    expect(shownConnection('live', true, true)).toBe('paused');
    expect(shownConnection('live', false, true)).toBe('paused');
    expect(shownConnection('reconnecting', true, true)).toBe('reconnecting');
    expect(zhTW.assist.connection.paused).toBe('學員暫停了畫面分享');
    expect(en.assist.connection.paused).toBeTruthy();
  });
});
