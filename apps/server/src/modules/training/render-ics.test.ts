import { describe, expect, it } from 'vitest';
import { renderIcs } from './render-ics.ts';

const event = {
  id: 'session-1',
  kind: 'session' as const,
  title: '前端工程師養成班 第 12 期：第 3 週：Flexbox, Grid; 與 \\ 反斜線',
  starts_at: '2026-11-21T11:30:00.000Z',
  ends_at: '2026-11-21T14:00:00.000Z',
  class_id: 'c',
  session_id: '1',
  task_id: null,
};

describe('iCal rendering', () => {
  it('escapes text, uses UTC times and CRLF lines', () => {
    const ics = renderIcs([event], { host: 'atrium.test', now: new Date('2026-11-21T00:00:00Z') });
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('DTSTART:20261121T113000Z\r\n');
    expect(ics).toContain('UID:session-1@atrium.test\r\n');
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain(
      'SUMMARY:前端工程師養成班 第 12 期：第 3 週：Flexbox\\, Grid\\; 與 \\\\ 反斜線\r\n',
    );
  });

  // Titles are staff text: a bare CR or other line break must not start a property of its own.
  it('keeps every line break of a title inside its SUMMARY', () => {
    const title = 'a\rDTSTART:19700101T000000Z\nX-A:1\r\nX-B:2\u2028X-C:3';
    const ics = renderIcs([{ ...event, title }], { host: 'atrium.test' });
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    expect(lines.filter((l) => l.startsWith('DTSTART:'))).toEqual(['DTSTART:20261121T113000Z']);
    expect(lines.some((l) => /^X-[ABC]:/.test(l))).toBe(false);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('folds lines over 75 octets without splitting a character', () => {
    const ics = renderIcs([{ ...event, title: '很長的標題'.repeat(20) }], { host: 'atrium.test' });
    for (const line of ics.split('\r\n')) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
    }
  });

  it('turns a deadline into a short event that ends at the due time', () => {
    const ics = renderIcs(
      [
        {
          ...event,
          id: 'task-1',
          kind: 'task_due',
          starts_at: event.ends_at,
          session_id: null,
          task_id: '1',
        },
      ],
      { host: 'atrium.test' },
    );
    expect(ics).toContain('DTSTART:20261121T134500Z\r\nDTEND:20261121T140000Z\r\n');
    expect(ics).toContain('CATEGORIES:DEADLINE');
  });
});
