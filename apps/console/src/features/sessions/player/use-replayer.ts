import { ASSIST_OVERLAY_CLASS } from '@atrium/protocol/assist';
import { Replayer } from '@rrweb/replay';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TabRecording } from './recording.ts';
import { replayStretches, type Stretch, stretchAt } from './replay-stretches.ts';
import { activeTabAt, tabEnd, tabStart, type Visit } from './visit.ts';

const FULL_SNAPSHOT = 2;

/**
 * The live-assist plugin's own windows (call window, agent pointer, annotation canvas, consent prompt,
 * recording border) are never part of what the learner saw of the page; if one got into a recording, the
 * replay hides it. Hidden elements keep only their class (the recorder's blank box), visible ones their
 * `data-assist` hook, so both are named.
 */
export const REPLAY_STYLE_RULES = [`.${ASSIST_OVERLAY_CLASS},[data-assist]{display:none!important}`];

export interface PlayerState {
  playing: boolean;
  /** Playhead, ms from the visit's start. */
  offset: number;
  duration: number;
  /** Epoch ms of the visit's start: panels and markers are placed relative to it. */
  startTime: number;
  skipping: boolean;
  /** The tab on the stage. */
  tabId: string;
}

/** Offset of the stretch's first full snapshot from its replay's start (see `shownAt`). */
function firstSnapshotOffset(stretch: Stretch): number {
  const snapshot = stretch.events.find((e) => e.type === FULL_SNAPSHOT);
  return snapshot ? snapshot.timestamp - stretch.from : 0;
}

// Each tab's stretches, cut once per recording.
const stretchesOf = new WeakMap<TabRecording, Stretch[]>();
function tabStretches(tab: TabRecording): Stretch[] {
  let stretches = stretchesOf.get(tab);
  if (!stretches) {
    stretches = replayStretches(tab.events);
    stretchesOf.set(tab, stretches);
  }
  return stretches;
}

/**
 * The rrweb Replayer on the stage: one stretch of one tab (replay-stretches.ts), with what is needed to map
 * visit time to its own.
 */
interface Shown {
  tab: TabRecording;
  /** Which of the tab's stretches, and the stretch. */
  index: number;
  stretch: Stretch;
  replayer: Replayer;
  firstSnapshot: number;
  /** The stretch's replay length: the replayer's time runs from 0 (`stretch.from`) to this. */
  total: number;
  /** The visit offset it opens at, until rrweb has been told (its clock reads 0 before). */
  pending: number | null;
  dispose: () => void;
}

/**
 * The offset rrweb is paused at to show local moment `local`. Paused at t, rrweb applies what came strictly
 * before t and schedules the rest, which pausing then drops: at exactly 0:00 (or a page's first moment) the
 * snapshot of that moment would never be drawn and the previous page would stay. One millisecond later, and
 * never before the first snapshot, draws it.
 */
const shownAt = (s: Shown, local: number) => Math.max(local, s.firstSnapshot) + 1;

/**
 * The visit on one timeline (ADR 0070): one rrweb Replayer at a time, for a stretch of the tab on the stage,
 * inside `container`, scaled to fit it. rrweb renders into an iframe that it sandboxes itself (no scripts run);
 * the recorded page never reaches our document. When the playhead crosses a tab switch (`visit.segments`) the
 * replayer of the tab now active takes over at the same moment; a seek may name a tab to show instead of the
 * active one (a note or a link of that tab), which stays until the next switch. Only the tab shown is ever
 * built: opening a visit costs what opening its first tab did. A replayer is given one stretch of its tab
 * (about 5 minutes from a page's start, ADR 0028), so a seek walks that stretch only; playing on past its end
 * hands over to the next stretch's replayer as a tab switch does. Starts paused at `initial`.
 */
export function useReplayer(
  visit: Visit,
  container: HTMLDivElement | null,
  options: { speed: number; skipInactive: boolean; initial: { offset: number; tabId?: string } },
) {
  const shown = useRef<Shown | null>(null);
  /** The active tab the playhead last saw: a switch is when the visit's active tab changes, not the shown one. */
  const lastActive = useRef('');
  /** Whether the stage plays: read when a replayer that was just built is told where to be. */
  const playing = useRef(false);
  const [state, setState] = useState<PlayerState>({
    playing: false,
    offset: 0,
    duration: Math.max(0, visit.end - visit.start),
    startTime: visit.start,
    skipping: false,
    tabId: '',
  });
  const latest = useRef(state);
  latest.current = state;
  const config = useRef(options);
  config.current = options;

  /** The tab's own offset for visit offset `offset`, within its recording: what a link names. */
  const localOf = useCallback(
    (s: Shown, offset: number) =>
      Math.min(Math.max(0, visit.start + offset - tabStart(s.tab)), tabEnd(s.tab) - tabStart(s.tab)),
    [visit],
  );
  /** The replayer's own time for visit offset `offset`, within its stretch. */
  const replayerTime = useCallback(
    (s: Shown, offset: number) => Math.min(Math.max(0, visit.start + offset - s.stretch.from), s.total),
    [visit],
  );
  /** Whether visit offset `offset` of `tab` is shown by the replayer on the stage (else one is built for it). */
  const holds = useCallback(
    (s: Shown, tab: TabRecording, offset: number) =>
      tab === s.tab && stretchAt(tabStretches(tab), visit.start + offset) === s.index,
    [visit],
  );

  /** Puts `tab` on the stage at visit offset `offset`, paused or playing, with the stretch that shows it. */
  const mount = useCallback(
    (tab: TabRecording, offset: number) => {
      if (!container) return;
      shown.current?.dispose();
      const { speed, skipInactive } = config.current;
      const stretches = tabStretches(tab);
      const index = stretchAt(stretches, visit.start + offset);
      const stretch = stretches[index]!;
      const r = new Replayer(stretch.events, {
        root: container,
        speed,
        skipInactive,
        mouseTail: { strokeStyle: 'rgba(220, 53, 69, 0.6)', lineWidth: 2, duration: 800 },
        triggerFocus: false,
        showWarning: false,
        // Paused playback must not animate: the picture at a moment is what staff look at.
        pauseAnimation: true,
        insertStyleRules: REPLAY_STYLE_RULES,
      });
      // The recorded window's size at the moment shown: rrweb announces each (the first page, a resize, a
      // seek past one) with 'resize'. The stage's width comes from the observer below, after the browser's own
      // layout: read here, it would lay the whole new page out once more, in the middle of React's commit.
      let size = { width: tab.viewport.width, height: tab.viewport.height };
      let stageWidth = 0;
      const fit = () => {
        if (stageWidth === 0) return;
        const width = size.width || Number(r.iframe.width) || stageWidth;
        const height = size.height || Number(r.iframe.height) || 600;
        const scale = Math.min(1, stageWidth / width);
        r.wrapper.style.transform = `scale(${scale})`;
        r.wrapper.style.transformOrigin = 'top left';
        container.style.height = `${height * scale}px`;
      };
      r.on('resize', (dimension) => {
        const d = dimension as { width?: number; height?: number } | undefined;
        if (d?.width && d.height) size = { width: d.width, height: d.height };
        fit();
      });
      const s: Shown = {
        tab,
        index,
        stretch,
        replayer: r,
        firstSnapshot: firstSnapshotOffset(stretch),
        total: r.getMetaData().totalTime,
        pending: offset,
        dispose: () => {},
      };
      // rrweb's constructor queues the first page's size (and the first snapshot) on timers of its own; the
      // moment is shown after them, or a resize before it would be undone by the first size. A seek or play
      // meanwhile only moves `pending`.
      const opening = setTimeout(() => {
        const local = replayerTime(s, s.pending ?? offset);
        s.pending = null;
        if (playing.current) r.play(local);
        else r.pause(shownAt(s, local));
      }, 0);
      r.on('finish', () => onFinish.current(s));
      r.on('skip-start', () => setState((x) => ({ ...x, skipping: true })));
      r.on('skip-end', () => setState((x) => ({ ...x, skipping: false })));
      // Called once as soon as it observes (before the first paint), then on every change of the stage's size.
      const observer = new ResizeObserver((entries) => {
        stageWidth = entries.at(-1)?.contentRect.width ?? stageWidth;
        fit();
      });
      observer.observe(container);
      s.dispose = () => {
        clearTimeout(opening);
        observer.disconnect();
        r.destroy();
        container.replaceChildren();
      };
      shown.current = s;
      setState((x) => ({ ...x, tabId: tab.tabId, skipping: false }));
    },
    [container, visit, replayerTime],
  );

  const tabById = useCallback((id: string) => visit.tabs.find((x) => x.tabId === id), [visit]);
  const visitOffset = useCallback(
    (s: Shown) => s.pending ?? s.stretch.from + s.replayer.getCurrentTime() - visit.start,
    [visit],
  );

  /**
   * The shown stretch's replay ended while playing. A stretch before the tab's last hands over to the next one
   * at its first moment. After the last, the visit goes on if another tab is active at that moment, or a later
   * switch brings one: the time between (nothing recorded in any tab) is skipped.
   */
  const onFinish = useRef((_: Shown) => {});
  onFinish.current = (s: Shown) => {
    if (shown.current !== s) return;
    if (s.index < tabStretches(s.tab).length - 1) {
      const at = s.stretch.to - visit.start;
      mount(s.tab, at);
      setState((x) => ({ ...x, playing: true, offset: at }));
      return;
    }
    const now = tabEnd(s.tab);
    const duration = visit.end - visit.start;
    const active = tabById(activeTabAt(visit, now));
    if (active && active !== s.tab && tabEnd(active) > now) {
      lastActive.current = active.tabId;
      mount(active, now - visit.start);
      setState((x) => ({ ...x, playing: true, offset: now - visit.start }));
      return;
    }
    const next = visit.segments.find((x) => x.from > now);
    const nextTab = next && tabById(next.tabId);
    if (next && nextTab) {
      lastActive.current = nextTab.tabId;
      mount(nextTab, next.from - visit.start);
      setState((x) => ({ ...x, playing: true, offset: next.from - visit.start }));
      return;
    }
    playing.current = false;
    setState((x) => ({ ...x, playing: false, offset: duration }));
  };

  // A new replayer for a new visit or container; speed and skipping change through setConfig below, and the
  // deep link's moment only matters at the start.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!container || visit.tabs.length === 0) return;
    const duration = Math.max(0, visit.end - visit.start);
    const offset = Math.min(Math.max(0, options.initial.offset), duration);
    const active = activeTabAt(visit, visit.start + offset);
    lastActive.current = active;
    const tab = tabById(options.initial.tabId ?? '') ?? tabById(active);
    if (!tab) return;
    playing.current = false;
    setState({ playing: false, offset, duration, startTime: visit.start, skipping: false, tabId: tab.tabId });
    mount(tab, offset);
    return () => {
      shown.current?.dispose();
      shown.current = null;
    };
  }, [visit, container]);

  useEffect(() => {
    shown.current?.replayer.setConfig({ speed: options.speed, skipInactive: options.skipInactive });
  }, [options.speed, options.skipInactive]);

  // While playing, the playhead follows the replayer ~10 times a second, and hands over at a tab switch.
  useEffect(() => {
    if (!state.playing) return;
    const timer = setInterval(() => {
      const s = shown.current;
      if (!s) return;
      const offset = Math.min(visitOffset(s), visit.end - visit.start);
      const active = activeTabAt(visit, visit.start + offset);
      if (active !== lastActive.current) {
        lastActive.current = active;
        const tab = tabById(active);
        if (tab && tab !== s.tab) mount(tab, offset);
      }
      setState((x) => ({ ...x, offset }));
    }, 100);
    return () => clearInterval(timer);
  }, [state.playing, visit, mount, tabById, visitOffset]);

  // The controls read the latest state through a ref: they stay stable and never act inside a state update.
  const play = useCallback(() => {
    const s = shown.current;
    if (!s) return;
    const x = latest.current;
    const from = x.offset >= x.duration ? 0 : x.offset;
    playing.current = true;
    const active = activeTabAt(visit, visit.start + from);
    // From the start again: the tab active there.
    const tab = from !== x.offset ? tabById(active) : s.tab;
    if (from !== x.offset) lastActive.current = active;
    if (tab && !holds(s, tab, from)) mount(tab, from);
    else if (s.pending !== null) s.pending = from;
    else s.replayer.play(replayerTime(s, from));
    setState((y) => ({ ...y, playing: true, offset: from }));
  }, [visit, mount, tabById, holds, replayerTime]);
  const pause = useCallback(() => {
    const s = shown.current;
    if (!s) return;
    playing.current = false;
    if (s.pending === null) s.replayer.pause();
    const offset = Math.max(0, visitOffset(s));
    setState((y) => ({ ...y, playing: false, offset }));
  }, [visitOffset]);
  /** Moves the playhead to visit offset `offset`, showing `tabId` there if named, else the tab active then. */
  const seek = useCallback(
    (offset: number, tabId?: string) => {
      const s = shown.current;
      if (!s) return;
      const x = latest.current;
      const to = Math.min(Math.max(0, offset), x.duration);
      const active = activeTabAt(visit, visit.start + to);
      lastActive.current = active;
      const tab = tabById(tabId ?? '') ?? tabById(active) ?? s.tab;
      if (!holds(s, tab, to)) mount(tab, to);
      else if (s.pending !== null) s.pending = to;
      else if (playing.current) s.replayer.play(replayerTime(s, to));
      else s.replayer.pause(shownAt(s, replayerTime(s, to)));
      setState((y) => ({ ...y, offset: to }));
    },
    [visit, mount, tabById, holds, replayerTime],
  );
  /** The shown tab's own offset at the playhead: what a link to this moment names (`?t=` with `?tab=`). */
  const localOffset = useCallback(() => {
    const s = shown.current;
    return s ? localOf(s, latest.current.offset) : latest.current.offset;
  }, [localOf]);
  return { state, play, pause, seek, localOffset };
}
