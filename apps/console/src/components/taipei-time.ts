// Every screen shows times in Asia/Taipei, wherever the staff member's computer is (issue 23): a class meets in
// Taipei, and a report read abroad must say the same hour as the one exported.
const zone = 'Asia/Taipei';

/** An instant as date and 24-hour time in Taipei, in the viewer's language; '—' for none. */
export function formatTaipei(at: string | number | null, locale: string): string {
  if (at === null) return '—';
  return new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(new Date(at));
}

/** The hour and minute in Taipei ("09:30"). */
export function formatTaipeiClock(at: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(at));
}
