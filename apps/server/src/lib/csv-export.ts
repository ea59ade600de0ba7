/**
 * The one convention of every CSV export (issue 36): UTF-8 with a BOM, RFC 4180 quoting, formulas defused,
 * zh-TW headers, Taipei times, numbers alone in their cells, and a file name that starts with the class's name.
 */

// Times as every screen shows them: Asia/Taipei (issue 23), in a form spreadsheets read as a date.
const taipei = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Taipei',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-03-03 09:00` in Taipei; an empty cell for no time. */
export function taipeiTime(at: string | Date | null): string {
  if (!at) return '';
  const p = Object.fromEntries(taipei.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}
export const taipeiDate = (at: string | Date) => taipeiTime(at).slice(0, 10);

/**
 * RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled. A cell starting with
 * = + - @ (or a tab or CR) is prefixed with ' so a learner's nickname cannot become a formula in the
 * spreadsheet of the staff member who opens the file.
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Lines end in CRLF; the BOM makes Excel read the file as UTF-8, so Chinese names open intact. */
export function toCsv(lines: string[][]): string {
  return `\uFEFF${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** A file name from its parts: characters no file system accepts, and control characters, become a dash. */
export function csvFileName(...parts: string[]): string {
  const clean = parts.map((p) => p.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').trim()).filter(Boolean);
  return `${clean.join('-') || 'export'}.csv`;
}

/**
 * RFC 6266/5987: the real (Chinese) name in `filename*`, and a plain ASCII one for clients without it, made
 * of the name's ASCII letters and digits so it stays recognisable (`progress-2026-03-03.csv`).
 */
export function attachment(filename: string, asciiFallback: string): string {
  const ascii = asciiFallback.replace(/[^\w.-]+/g, '-');
  // encodeURIComponent leaves ' ( ) * alone, which RFC 5987 does not allow bare.
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
