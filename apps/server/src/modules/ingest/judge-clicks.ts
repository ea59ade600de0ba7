import { TRACKER_TICK_MS } from '@atrium/protocol/tracker/index';
import type { ClickFact, ClickFacts } from './click-facts.ts';

export type SignalKind = 'rage_click' | 'dead_click' | 'error_click' | 'pointer_shake';

/** A moment worth a marker and a search: stored as a session event (ADR 0057). */
export interface ClickSignal {
  kind: SignalKind;
  at: number;
  label: string;
  selector: string;
  /** Clicks in a rage burst (as far as this batch saw it); 1 otherwise. */
  count: number;
}

interface OpenClick extends ClickFact {
  /** A DOM change, navigation or request was seen within the window. */
  active: boolean;
  /** Its error click was reported already. */
  reported: boolean;
}

/**
 * What a tab's next batch needs from the ones before: clicks whose window was still open when the batch
 * ended, the last second of clicks (a rage burst may straddle two batches), and the bursts already reported.
 */
export interface ClickCarry {
  open: OpenClick[];
  recent: { at: number; key: string }[];
  /** Bursts reported already: the element, its last click, and the burst's first click (its event's time). */
  rage: { key: string; lastAt: number; at: number; selector: string }[];
  until: number | null;
  /**
   * Clicks called dead lately, kept while a request they started may still be told: a request's message
   * leaves when its answer ends, so one started within the window may arrive long after the judgement.
   * Absent in carries written before it.
   */
  dead?: { at: number; selector: string }[];
}

/** The windows: 3 clicks on one element within 1 s; no reaction, or an exception, within 1 s. */
export const WINDOW_MS = 1000;
export const RAGE_CLICKS = 3;
/**
 * A request's message is sent when its answer ends, so a request a click started may be told seconds
 * later: a click is called dead only once this much more of the tab has been seen without one.
 */
export const REQUEST_GRACE_MS = 5000;
/**
 * How long after its window a dead click may still be taken back by a request seen to start in it: a browser
 * gives up on an unanswered request after about 5 minutes, and a message arrives with its answer or failure.
 */
export const LATE_REQUEST_MS = 6 * 60_000;
const MAX_DEAD = 50;
/** The tracker stamps a commit when it leaves (each tick): an rrweb change may carry an earlier time. */
const LENIENCE_MS = 2 * TRACKER_TICK_MS;
const MAX_OPEN = 50;
const MAX_RECENT = 20;
export const MAX_SIGNALS = 200;

export const emptyCarry = (): ClickCarry => ({ open: [], recent: [], rage: [], until: null });

/** Any time in `sorted` within [lo, hi]. */
function anyWithin(sorted: number[], lo: number, hi: number): boolean {
  let a = 0;
  let b = sorted.length;
  while (a < b) {
    const mid = (a + b) >> 1;
    if ((sorted[mid] as number) < lo) a = mid + 1;
    else b = mid;
  }
  return a < sorted.length && (sorted[a] as number) <= hi;
}

/**
 * Judges a tab's clicks with one more batch of facts: the carry holds what the batches before left open,
 * so a click near a batch's end is judged with what the next batch shows (ADR 0057). Pure and bounded by the
 * caps of the facts and of the carry.
 */
export function judgeClicks(
  carry: ClickCarry | null,
  facts: ClickFacts,
): {
  signals: ClickSignal[];
  /** Bursts an earlier batch reported that went on in this one: their stored count grows by `by`. */
  grown: { at: number; selector: string; by: number }[];
  /**
   * Dead clicks an earlier batch reported that this batch shows were not: a request (or other reaction)
   * started within their window and was told late. Their stored events are removed.
   */
  retracted: { at: number; selector: string }[];
  carry: ClickCarry;
} {
  const before = carry ?? emptyCarry();
  const signals: ClickSignal[] = [];
  const emit = (s: ClickSignal) => {
    if (signals.length < MAX_SIGNALS) signals.push(s);
    return s;
  };
  const lastTime = Math.max(before.until ?? 0, facts.lastTime ?? 0) || null;

  // Rage: each new click looks back one window over the clicks on the same element, the carried ones too.
  const history = [...before.recent];
  const runs = new Map<
    string,
    { lastAt: number; at: number; selector: string; signal?: ClickSignal; by: number }
  >(before.rage.map((r) => [r.key, { lastAt: r.lastAt, at: r.at, selector: r.selector, by: 0 }]));
  for (const click of facts.clicks) {
    history.push({ at: click.at, key: click.key });
    const burst = history.filter(
      (h) => h.key === click.key && h.at >= click.at - WINDOW_MS && h.at <= click.at,
    );
    if (burst.length < RAGE_CLICKS) continue;
    const run = runs.get(click.key);
    if (run && click.at - run.lastAt <= WINDOW_MS) {
      run.lastAt = click.at;
      if (run.signal) run.signal.count++;
      else run.by++;
      continue;
    }
    const first = burst.reduce((a, b) => (b.at < a.at ? b : a));
    const signal = emit({
      kind: 'rage_click',
      at: first.at,
      label: click.label,
      selector: click.selector,
      count: burst.length,
    });
    runs.set(click.key, { lastAt: click.at, at: first.at, selector: click.selector, signal, by: 0 });
  }

  // Dead clicks judged before: a reaction in their window told only now (a slow request's message) revives them.
  const retracted: { at: number; selector: string }[] = [];
  const dead: { at: number; selector: string }[] = [];
  for (const d of before.dead ?? []) {
    if (anyWithin(facts.activity, d.at - LENIENCE_MS, d.at + WINDOW_MS)) retracted.push(d);
    else if (lastTime === null || lastTime < d.at + WINDOW_MS + LATE_REQUEST_MS) dead.push(d);
  }

  // Dead and error clicks: the carried open clicks first, then this batch's, against this batch's times.
  const open: OpenClick[] = [];
  for (const click of [
    ...before.open,
    ...facts.clicks.map((c) => ({ ...c, active: false, reported: false })),
  ]) {
    const end = click.at + WINDOW_MS;
    if (!click.active) click.active = anyWithin(facts.activity, click.at - LENIENCE_MS, end);
    if (!click.reported && anyWithin(facts.errors, click.at, end)) {
      click.reported = true;
      emit({ kind: 'error_click', at: click.at, label: click.label, selector: click.selector, count: 1 });
    }
    const windowSeen = lastTime !== null && lastTime >= end;
    if (click.active && windowSeen) continue;
    if (!click.active && lastTime !== null && lastTime >= end + REQUEST_GRACE_MS) {
      emit({ kind: 'dead_click', at: click.at, label: click.label, selector: click.selector, count: 1 });
      dead.push({ at: click.at, selector: click.selector });
      continue;
    }
    open.push(click);
  }

  for (const at of facts.shakes) emit({ kind: 'pointer_shake', at, label: '', selector: '', count: 1 });

  const since = (lastTime ?? 0) - WINDOW_MS;
  return {
    signals: signals.sort((a, b) => a.at - b.at),
    grown: [...runs.values()]
      .filter((r) => !r.signal && r.by > 0)
      .map((r) => ({ at: r.at, selector: r.selector, by: r.by })),
    retracted,
    carry: {
      open: open.slice(-MAX_OPEN),
      recent: history.filter((h) => h.at >= since).slice(-MAX_RECENT),
      rage: [...runs]
        .filter(([, r]) => r.lastAt >= since)
        .map(([key, r]) => ({ key, lastAt: r.lastAt, at: r.at, selector: r.selector })),
      until: lastTime,
      dead: dead.slice(-MAX_DEAD),
    },
  };
}
