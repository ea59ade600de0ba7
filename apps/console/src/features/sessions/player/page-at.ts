import { redactUrl } from '@atrium/protocol/redact-url';
import type { EventItem } from './recording.ts';

/**
 * The page address at epoch ms `time`: the last location the tab recorded by then (a load or an SPA move),
 * else its first, with credentials redacted the way every kept address is (ADR 0012). Empty when the tab
 * recorded none.
 */
export function pageAt(activity: readonly EventItem[], time: number): string {
  let url = '';
  for (const item of activity) {
    if (item.kind !== 'location') continue;
    if (item.time > time && url) break;
    url = item.label;
  }
  return url ? redactUrl(url) : '';
}
