/** m:ss (or h:mm:ss) of a duration in ms, for timelines and lists. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

// One formatter per language: making one loads the locale's data (~40 ms the first time on a slow machine), and
// a page of 50 sessions would make 50.
const momentFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment in the viewer's locale: date and 24-hour time. */
export function formatMoment(iso: string | number, lng: string): string {
  let format = momentFormats.get(lng);
  if (!format) {
    format = new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'medium', hour12: false });
    momentFormats.set(lng, format);
  }
  return format.format(new Date(iso));
}
