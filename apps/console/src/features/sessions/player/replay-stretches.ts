import type { ReplayEvent } from './recording.ts';

const META = 4;
const CUSTOM = 5;

/**
 * How long a stretch lasts at least: the tracker's checkpoint interval (a full snapshot every 5 minutes,
 * `checkpointInterval` in the tracker's options), so a long recording is cut at about every checkpoint.
 */
export const STRETCH_MIN_MS = 5 * 60_000;

/** The tag of the event that carries a stretch's replayer on to the next stretch's first moment. */
export const STRETCH_END_TAG = 'atrium.stretch-end';

/** A part of a tab's events that one rrweb Replayer is given (ADR 0028). */
export interface Stretch {
  /** Its first event's moment (epoch ms): the replayer's time 0. */
  from: number;
  /** The next stretch's first moment, or the tab's last event's for the last stretch. */
  to: number;
  /** Its events; all but the last stretch end with a custom event at `to`, so their replay lasts until then. */
  events: ReplayEvent[];
}

/**
 * A tab's events cut into stretches, each beginning at a page's Meta event (with the full snapshot after it,
 * what rrweb needs to start from) and lasting at least `minMs`. rrweb walks every event it was given on each
 * seek, however far the moment sought is from the last snapshot, so a replayer given the whole of a two-hour
 * tab spends most of a seek on events it never shows; given a stretch, a seek walks one stretch at most.
 * rrweb itself draws a moment from the last Meta event before it, so a stretch that starts at one shows
 * exactly what the whole tab would.
 */
export function replayStretches(events: readonly ReplayEvent[], minMs = STRETCH_MIN_MS): Stretch[] {
  const stretches: Stretch[] = [];
  if (events.length === 0) return stretches;
  let start = 0;
  for (let i = 1; i < events.length; i++) {
    const event = events[i]!;
    const from = events[start]!.timestamp;
    if (event.type !== META || event.timestamp - from < minMs) continue;
    const part = events.slice(start, i);
    part.push({ type: CUSTOM, data: { tag: STRETCH_END_TAG, payload: null }, timestamp: event.timestamp });
    stretches.push({ from, to: event.timestamp, events: part });
    start = i;
  }
  const last = events.slice(start);
  stretches.push({ from: last[0]!.timestamp, to: last.at(-1)!.timestamp, events: last });
  return stretches;
}

/** The stretch that shows moment `time` (epoch ms): the last that starts at or before it, else the first. */
export function stretchAt(stretches: readonly Stretch[], time: number): number {
  let found = 0;
  for (let i = 1; i < stretches.length; i++) if (stretches[i]!.from <= time) found = i;
  return found;
}
