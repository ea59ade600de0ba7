/** m:ss (or h:mm:ss) of a duration in ms, for timelines and lists. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A moment in the viewer's locale: date and 24-hour time. */
export function formatMoment(iso: string | number, lng: string): string {
  return new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'medium', hour12: false }).format(
    new Date(iso),
  );
}
