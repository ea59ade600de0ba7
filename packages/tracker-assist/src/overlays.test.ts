import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentPointer, cutName } from './agent-pointer.ts';
import { Annotation, strokeAlpha } from './annotation.ts';
import { splitBatch } from './batch-stream.ts';
import { formatDuration } from './call-window.ts';
import { reconnectDelay } from './calls.ts';
import { openConfirm } from './confirm-window.ts';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('overlays and limits', () => {
  it('agent names are cut at 10 on the pointer and 20 in the call window, "Agent" by default', () => {
    expect(cutName('客服小芸', 10)).toBe('客服小芸');
    expect(cutName('abcdefghijklmnop', 10)).toBe('abcdefghij…');
    expect(cutName('', 10)).toBe('Agent');
    const p = new AgentPointer(window, null);
    expect(document.querySelector('[data-assist="pointer-name"]')?.textContent).toBe('Agent');
    p.remove();
  });

  it('the pointer is the plugin’s own: hidden from the recorder, marked for the mirror to leave out', () => {
    const p = new AgentPointer(window, '客服小芸');
    const el = document.querySelector('[data-assist="pointer"]') as HTMLElement;
    expect(el.hasAttribute('data-openreplay-hidden')).toBe(true);
    expect(el.classList.contains('atrium-assist-overlay')).toBe(true);
    p.remove();
  });

  it('an annotation stroke stays 4 s after its last point, then fades out and is dropped', () => {
    let now = 1000;
    const a = new Annotation(window, () => now);
    a.start([1, 1]);
    a.move([5, 5]);
    a.stop();
    now += 4000;
    expect(a.draw()).toBe(true);
    expect(strokeAlpha(4000)).toBe(1);
    expect(strokeAlpha(4250)).toBeCloseTo(0.5);
    now += 600;
    expect(a.draw()).toBe(false);
    expect(a.strokes).toEqual([]);
    a.remove();
  });

  it('Escape in a confirm window declines', async () => {
    const c = openConfirm(document, { text: 'q', accept: 'y', decline: 'n' });
    document
      .querySelector('[data-assist="confirm"] button')
      ?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(await c.answer).toBe(false);
    expect(document.querySelector('[data-assist="confirm"]')).toBeNull();
  });

  it('a confirm window with a time-out declines by itself (the portal call prompt: 30 s)', async () => {
    vi.useFakeTimers();
    const c = openConfirm(document, { text: 'q', accept: 'y', decline: 'n' }, { timeoutMs: 30_000 });
    let answer: boolean | null = null;
    void c.answer.then((v) => {
      answer = v;
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(answer).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBe(false);
    expect(document.querySelector('[data-assist="confirm"]')).toBeNull();
  });

  // The call window itself (an iframe, which happy-dom does not load) is covered in Chromium by
  // e2e/journeys/assist/learner-assist.test.ts.
  it('the call timer reads mm:ss', () => {
    expect(formatDuration(65_400)).toBe('01:05');
    expect(formatDuration(3_599_000)).toBe('59:59');
  });

  it('batches over 10 000 messages are split in halves; peer reconnect waits min(attempt, 8) × 2 s', () => {
    const parts = splitBatch(Array.from({ length: 25_000 }, (_, i) => i));
    expect(parts.map((p) => p.length)).toEqual([6250, 6250, 6250, 6250]);
    expect(splitBatch([1, 2, 3])).toEqual([[1, 2, 3]]);
    expect([1, 2, 8, 9, 30].map(reconnectDelay)).toEqual([2000, 4000, 16_000, 16_000, 16_000]);
  });
});
