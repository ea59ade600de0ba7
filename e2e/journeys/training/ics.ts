/** A tiny RFC 5545 reader for the journeys: unfolds lines and returns each VEVENT's properties. */
export function parseIcs(text: string): {
  calendar: Record<string, string>;
  events: Record<string, string>[];
} {
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split(/\r\n/)
    .filter(Boolean);
  const calendar: Record<string, string> = {};
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      if (current) events.push(current);
      current = null;
    } else {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).split(';')[0]!;
      const value = line
        .slice(colon + 1)
        .replace(/\\n/g, '\n')
        .replace(/\\([,;\\])/g, '$1');
      (current ?? calendar)[name] = value;
    }
  }
  return { calendar, events };
}

/** 20261121T053000Z → Date */
export function icsDate(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new Error(`not a UTC date-time: ${value}`);
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}
