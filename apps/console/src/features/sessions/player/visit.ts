import type { Marker, TabRecording } from './recording.ts';

/** A stretch of the visit (epoch ms, `to` exclusive) during which one tab was the one the learner looked at. */
export interface TabSegment {
  tabId: string;
  from: number;
  to: number;
}

/** A recorded visit as one timeline (ADR 0070): its tabs that can be replayed, its span and who was active when. */
export interface Visit {
  /** The replayable tabs, in the order they began (「分頁 1」 is the first). */
  tabs: TabRecording[];
  /** Every tab recorded, also those with nothing to replay (their unreadable batches are still named). */
  all: TabRecording[];
  /** Epoch ms of the visit's first and last recorded moment, across every tab. */
  start: number;
  end: number;
  /** Back to back from `start` to `end`: never empty while a tab can be replayed. */
  segments: TabSegment[];
}

/** A tab's own span: the replayer's time 0 is its first event, so a tab's offsets count from `tabStart`. */
export const tabStart = (tab: TabRecording) => tab.events[0]?.timestamp ?? 0;
export const tabEnd = (tab: TabRecording) => tab.events.at(-1)?.timestamp ?? 0;

type Change = { time: number; tabId: string; kind: 'close' | 'hidden' | 'visible' | 'open' };
// At one moment a tab that leaves goes before one that comes: a switch records "hidden" in the old tab and
// "visible" in the new one, often in the same millisecond.
const ORDER: Record<Change['kind'], number> = { close: 0, hidden: 1, visible: 2, open: 3 };

/**
 * Which tab was active (visible, the one in front) over the visit, from what each tab recorded: a tab opens
 * in front (a new tab is shown), `PageVisibility` says when it was hidden or shown again (the tracker records
 * each `visibilitychange`, and a hidden page when it is left), and it ends at its last event. The active tab
 * is the one shown most recently that is open and not hidden; when every tab is hidden (the learner is in
 * another application) or none is recording yet again, the last active tab stays: its last picture is what
 * the learner left.
 */
export function tabSegments(tabs: readonly TabRecording[]): TabSegment[] {
  const playable = tabs.filter((tab) => tab.events.length >= 2);
  if (playable.length === 0) return [];
  const changes: Change[] = [];
  for (const tab of playable) {
    changes.push({ time: tabStart(tab), tabId: tab.tabId, kind: 'open' });
    changes.push({ time: tabEnd(tab), tabId: tab.tabId, kind: 'close' });
    for (const item of tab.activity)
      if (item.kind === 'visibility')
        changes.push({
          time: item.time,
          tabId: tab.tabId,
          kind: item.label === 'hidden' ? 'hidden' : 'visible',
        });
  }
  changes.sort((a, b) => a.time - b.time || ORDER[a.kind] - ORDER[b.kind]);
  const end = Math.max(...playable.map(tabEnd));
  const open = new Set<string>();
  const hidden = new Set<string>();
  /** When each tab was last brought to the front. */
  const shown = new Map<string, number>();
  let active = '';
  const segments: TabSegment[] = [];
  const pick = (): string => {
    let best = '';
    let bestAt = Number.NEGATIVE_INFINITY;
    for (const id of open) {
      const at = shown.get(id) ?? Number.NEGATIVE_INFINITY;
      if (!hidden.has(id) && at >= bestAt) {
        best = id;
        bestAt = at;
      }
    }
    if (best) return best;
    // Nothing in front: the learner is elsewhere, or closed the tab in front without another being shown
    // (a tab brought to the front records `visible`); the tab they left stays, closed or not.
    if (active) return active;
    for (const id of open) {
      const at = shown.get(id) ?? Number.NEGATIVE_INFINITY;
      if (at >= bestAt) {
        best = id;
        bestAt = at;
      }
    }
    return best || active;
  };
  let i = 0;
  while (i < changes.length) {
    const time = changes[i]!.time;
    // Every change of one moment first, then one decision: a same-millisecond switch is not two switches.
    for (; i < changes.length && changes[i]!.time === time; i++) {
      const c = changes[i]!;
      if (c.kind === 'open') {
        // A tab whose page began hidden (opened behind another) recorded that at or before its first event:
        // opening does not bring it to the front.
        open.add(c.tabId);
        shown.set(c.tabId, time);
      } else if (c.kind === 'close') open.delete(c.tabId);
      else if (c.kind === 'hidden') hidden.add(c.tabId);
      else if (open.has(c.tabId)) {
        hidden.delete(c.tabId);
        shown.set(c.tabId, time);
      }
    }
    const next = pick();
    if (next !== active) {
      const last = segments.at(-1);
      if (last) last.to = time;
      segments.push({ tabId: next, from: time, to: end });
      active = next;
    }
  }
  const last = segments.at(-1);
  if (last) last.to = end;
  // A tab active for no time at all (opened and hidden in one moment) is no switch: its neighbours join.
  const kept: TabSegment[] = [];
  for (const s of segments) {
    if (s.to <= s.from && s !== last) continue;
    const before = kept.at(-1);
    if (before && before.tabId === s.tabId) before.to = s.to;
    else kept.push(before ? { ...s, from: before.to } : s);
  }
  return kept;
}

export function buildVisit(tabs: readonly TabRecording[]): Visit {
  const playable = tabs.filter((tab) => tab.events.length >= 2);
  const segments = tabSegments(playable);
  return {
    tabs: playable,
    all: [...tabs],
    start: segments[0]?.from ?? 0,
    end: segments.at(-1)?.to ?? 0,
    segments,
  };
}

/** The tab active at epoch ms `time` (the first before the visit, the last after it). */
export function activeTabAt(visit: Pick<Visit, 'segments'>, time: number): string {
  const { segments } = visit;
  let lo = 0;
  let hi = segments.length - 1;
  if (hi < 0) return '';
  // The last segment that began at or before `time`.
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (segments[mid]!.from <= time) lo = mid;
    else hi = mid - 1;
  }
  return segments[lo]!.tabId;
}

/** A marker on the visit's timeline, with the tab it happened in. */
export interface VisitMarker extends Marker {
  tabId: string;
}

/**
 * Every tab's markers (pages, clicks, errors, failed requests, gaps) and those found elsewhere (moments found
 * at ingest, notes: each names its tab) on the one timeline, in time order.
 */
export function visitMarkers(
  tabs: readonly TabRecording[],
  extra: readonly VisitMarker[] = [],
): VisitMarker[] {
  const all: VisitMarker[] = [];
  for (const tab of tabs) for (const m of tab.markers) all.push({ ...m, tabId: tab.tabId });
  all.push(...extra);
  return all.sort((a, b) => a.time - b.time);
}
