import { MessageType } from '@atrium/protocol/tracker/index';
import { exceptionFingerprint } from './exception-fingerprint.ts';

/** A click as the detectors see it: when, on what (node id + selector), and its label for people. */
export interface ClickFact {
  at: number;
  key: string;
  label: string;
  selector: string;
}

/** An exception as the Issues screen groups it (ADR 0057). */
export interface ExceptionFact {
  at: number;
  name: string;
  message: string;
  frame: string;
  fingerprint: string;
}

/**
 * What one batch tells the click detectors (ADR 0057), read in the parse worker in one pass over the
 * messages. Everything is capped, so what crosses back to the event loop is small whatever the batch.
 */
export interface ClickFacts {
  clicks: ClickFact[];
  /** Times of a DOM change, a navigation or the start of a request, ascending, distinct. */
  activity: number[];
  /** Times of exceptions, ascending. */
  errors: number[];
  /** Times the tracker reported the pointer shaken (message 33). */
  shakes: number[];
  exceptions: ExceptionFact[];
  /** The latest time the batch shows: the detectors know nothing past it. */
  lastTime: number | null;
}

export const MAX_CLICKS = 300;
export const MAX_TIMES = 5000;
export const MAX_EXCEPTIONS = 50;
export const MAX_SHAKES = 50;

// Epoch ms between 2000 and 2100: anything else is a broken clock or junk and is not a time.
const isTime = (v: unknown): v is number =>
  typeof v === 'number' && v > 946_684_800_000 && v < 4_102_444_800_000;
const str = (v: unknown, max: number) =>
  typeof v === 'string' ? v.replaceAll('\u0000', '').slice(0, max) : '';

// rrweb: IncrementalSnapshot (3) with source Mutation (0) is a DOM change; FullSnapshot (2) a new document.
const isDomChange = (event: unknown) => {
  if (!event || typeof event !== 'object') return false;
  const e = event as { type?: unknown; data?: { source?: unknown } | null };
  return e.type === 2 || (e.type === 3 && e.data?.source === 0);
};

/** The first stack frame, as `function (file:line)`; '' when the tracker sent none. */
function topFrame(stackJson: unknown): string {
  if (typeof stackJson !== 'string' || stackJson.length < 3) return '';
  try {
    const frames = JSON.parse(stackJson.slice(0, 20_000)) as unknown;
    const f = Array.isArray(frames) ? (frames[0] as Record<string, unknown> | undefined) : undefined;
    if (!f || typeof f !== 'object') return '';
    const file = str(f.fileName, 300).replace(/[?#].*$/, '');
    return `${str(f.functionName, 100) || '?'} (${file}:${Number(f.lineNumber) || 0})`;
  } catch {
    // A long stack cut at 20 000 characters does not parse: the group then goes by name and message only.
    return '';
  }
}

/**
 * One pass over a batch's messages: the time of a message is the Timestamp before it (an rrweb event's
 * own timestamp for rrweb events); a request counts from its start time, which its message carries.
 */
export function readClickFacts(messages: readonly (readonly unknown[])[]): ClickFacts {
  const facts: ClickFacts = {
    clicks: [],
    activity: [],
    errors: [],
    shakes: [],
    exceptions: [],
    lastTime: null,
  };
  let now: number | null = null;
  const activity = new Set<number>();
  const see = (t: number) => {
    if (facts.lastTime === null || t > facts.lastTime) facts.lastTime = t;
  };
  for (const m of messages) {
    switch (m[0]) {
      case MessageType.Timestamp:
        if (isTime(m[1])) {
          now = m[1];
          see(now);
        }
        break;
      case MessageType.RrwebEvent: {
        const event = m[1] as { timestamp?: unknown } | null;
        const t = event && isTime(event.timestamp) ? event.timestamp : now;
        if (t !== null && isDomChange(event) && activity.size < MAX_TIMES) activity.add(t);
        break;
      }
      case MessageType.SetPageLocation:
        if (now !== null && activity.size < MAX_TIMES) activity.add(now);
        break;
      case MessageType.NetworkRequest: {
        const start = isTime(m[7]) ? m[7] : now;
        if (start !== null && activity.size < MAX_TIMES) activity.add(start);
        break;
      }
      case MessageType.MouseClick:
        if (now !== null && facts.clicks.length < MAX_CLICKS) {
          const selector = str(m[3], 300);
          facts.clicks.push({
            at: now,
            key: `${typeof m[1] === 'number' ? m[1] : -1}|${selector}`,
            label: str(m[2], 100),
            selector,
          });
        }
        break;
      case MessageType.JSException:
        if (now === null) break;
        if (facts.errors.length < MAX_TIMES) facts.errors.push(now);
        if (facts.exceptions.length < MAX_EXCEPTIONS) {
          const name = str(m[1], 200) || 'Error';
          const message = str(m[2], 500);
          const frame = topFrame(m[3]);
          facts.exceptions.push({
            at: now,
            name,
            message,
            frame,
            fingerprint: exceptionFingerprint(name, message, frame),
          });
        }
        break;
      case MessageType.MouseThrashing:
        if (now !== null && facts.shakes.length < MAX_SHAKES) facts.shakes.push(now);
        break;
    }
  }
  facts.activity = [...activity].sort((a, b) => a - b);
  facts.errors.sort((a, b) => a - b);
  facts.clicks.sort((a, b) => a.at - b.at);
  return facts;
}
