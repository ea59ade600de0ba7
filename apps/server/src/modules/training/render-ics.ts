import type { CalendarEvent } from '@atrium/protocol/training';

/**
 * RFC 5545 text escaping: backslash, semicolon, comma and line breaks (a bare CR too, which some calendar
 * apps treat as a line end: it would start a property of its own). Other control characters are not allowed.
 */
function escapeText(value: string): string {
  const escaped = value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
  return Array.from(escaped)
    .filter((c) => c === '\t' || (c >= ' ' && c !== '\u007f'))
    .join('');
}

/** 20261121T050000Z */
function icsTime(iso: string): string {
  return `${iso.slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** Lines longer than 75 octets are folded (RFC 5545 §3.1), without splitting a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** A VCALENDAR of the learner's sessions and deadlines; deadlines become 15-minute events ending at the due time. */
export function renderIcs(events: CalendarEvent[], opts: { host: string; now?: Date }): string {
  const stamp = icsTime((opts.now ?? new Date()).toISOString());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Atrium//Training Calendar//ZH-TW',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText('Atrium 課程行事曆')}`,
  ];
  for (const e of events) {
    const start =
      e.kind === 'task_due' ? new Date(Date.parse(e.ends_at) - 15 * 60_000).toISOString() : e.starts_at;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.id}@${opts.host}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsTime(start)}`,
      `DTEND:${icsTime(e.ends_at)}`,
      `SUMMARY:${escapeText(e.title)}`,
      `CATEGORIES:${e.kind === 'session' ? 'CLASS' : 'DEADLINE'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
