import { MessageType } from '@atrium/protocol/tracker/index';

/** What the sessions search can look for (ADR 0059); each is also a query parameter of the same name. */
export type SearchKind = 'visited_url' | 'clicked_text' | 'error_text' | 'failed_url' | 'custom_event';
export const SEARCH_KINDS: readonly SearchKind[] = [
  'visited_url',
  'clicked_text',
  'error_text',
  'failed_url',
  'custom_event',
];

/** One indexed moment: what happened (its kind and text) and when (epoch ms). */
export interface SearchFact {
  kind: SearchKind;
  at: number;
  value: string;
}

/** Values indexed per batch: a batch of 10 000 messages still writes at most this many rows. */
export const MAX_SEARCH_FACTS = 200;
/** Characters kept of a value: enough for an address or a message, bounded for the trigram index. */
export const MAX_SEARCH_VALUE = 300;

const isTime = (v: unknown): v is number =>
  typeof v === 'number' && v > 946_684_800_000 && v < 4_102_444_800_000;
// PostgreSQL text cannot hold NUL; whitespace-only values find nothing worth finding.
const text = (v: unknown) =>
  typeof v === 'string' ? v.replaceAll('\u0000', '').trim().slice(0, MAX_SEARCH_VALUE) : '';

/**
 * One pass over a batch's messages in the parse worker: pages visited (every SetPageLocation), clicked labels,
 * exception messages, failed requests (status 0 — no answer — or ≥ 400) and custom event names. A value seen
 * again in the same batch keeps its first moment only, so a button clicked 50 times in a batch is one row.
 */
export function readSearchFacts(messages: readonly (readonly unknown[])[]): SearchFact[] {
  const facts: SearchFact[] = [];
  const seen = new Set<string>();
  let now: number | null = null;
  const add = (kind: SearchKind, at: number | null, raw: unknown) => {
    const value = text(raw);
    if (at === null || value === '' || facts.length >= MAX_SEARCH_FACTS) return;
    const key = `${kind}\u0000${value}`;
    if (seen.has(key)) return;
    seen.add(key);
    facts.push({ kind, at, value });
  };
  for (const m of messages) {
    if (facts.length >= MAX_SEARCH_FACTS) break;
    switch (m[0]) {
      case MessageType.Timestamp:
        if (isTime(m[1])) now = m[1];
        break;
      case MessageType.SetPageLocation:
        // The first page of a batch may come before its Timestamp: its navigation start says when.
        add('visited_url', now ?? (isTime(m[3]) ? m[3] : null), m[1]);
        break;
      case MessageType.MouseClick:
        add('clicked_text', now, m[2]);
        break;
      case MessageType.JSException:
        add('error_text', now, m[2]);
        break;
      case MessageType.NetworkRequest: {
        const status = m[6];
        if (typeof status === 'number' && (status === 0 || status >= 400)) {
          add('failed_url', isTime(m[7]) ? m[7] : now, m[3]);
        }
        break;
      }
      case MessageType.CustomEvent:
        add('custom_event', now, m[1]);
        break;
    }
  }
  return facts;
}
