import { ASSIST_OVERLAY_CLASS } from '@atrium/protocol/assist';
import { Replayer } from '@rrweb/replay';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TabRecording } from './recording.ts';

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
  /** Playhead, ms from the recording's start. */
  offset: number;
  duration: number;
  /** Epoch ms of the recording's start: panels and markers are placed relative to it. */
  startTime: number;
  skipping: boolean;
}

/**
 * One rrweb Replayer for one tab inside `container`, scaled to fit it. rrweb renders into an iframe that it
 * sandboxes itself (no scripts run); the recorded page never reaches our document. Starts paused at
 * `initialOffset`.
 */
/** Offset of the tab's first full snapshot from the replay's start (see `seek`). */
function firstSnapshotOffset(tab: TabRecording): number {
  const snapshot = tab.events.find((e) => e.type === FULL_SNAPSHOT);
  return snapshot ? snapshot.timestamp - (tab.events[0]?.timestamp ?? 0) : 0;
}

export function useReplayer(
  tab: TabRecording | undefined,
  container: HTMLDivElement | null,
  options: { speed: number; skipInactive: boolean; initialOffset: number },
) {
  const replayer = useRef<Replayer | null>(null);
  const firstSnapshot = useRef(0);
  /**
   * The offset rrweb is paused at to show the moment `offset`. Paused at t, rrweb applies what came strictly
   * before t and schedules the rest, which pausing then drops: at exactly 0:00 (or a page's first moment) the
   * snapshot of that moment would never be drawn and the previous page would stay. One millisecond later, and
   * never before the first snapshot, draws it.
   */
  const shownAt = useCallback((offset: number) => Math.max(offset, firstSnapshot.current) + 1, []);
  const [state, setState] = useState<PlayerState>({
    playing: false,
    offset: 0,
    duration: 0,
    startTime: 0,
    skipping: false,
  });
  const { initialOffset } = options;

  // A new replayer only for a new tab or container: speed and skipping change through setConfig below,
  // and the deep link's offset only matters at the start.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!tab || !container || tab.events.length < 2) return;
    const r = new Replayer(tab.events, {
      root: container,
      speed: options.speed,
      skipInactive: options.skipInactive,
      mouseTail: { strokeStyle: 'rgba(220, 53, 69, 0.6)', lineWidth: 2, duration: 800 },
      triggerFocus: false,
      showWarning: false,
      // Paused playback must not animate: the picture at a moment is what staff look at.
      pauseAnimation: true,
      insertStyleRules: REPLAY_STYLE_RULES,
    });
    replayer.current = r;
    firstSnapshot.current = firstSnapshotOffset(tab);
    // The recorded window's size at the moment shown: rrweb announces each (the first page, a resize, a
    // seek past one) with 'resize'.
    let size = { width: tab.viewport.width, height: tab.viewport.height };
    const fit = () => {
      const width = size.width || Number(r.iframe.width) || container.clientWidth;
      const height = size.height || Number(r.iframe.height) || 600;
      const scale = Math.min(1, container.clientWidth / width);
      r.wrapper.style.transform = `scale(${scale})`;
      r.wrapper.style.transformOrigin = 'top left';
      container.style.height = `${height * scale}px`;
    };
    r.on('resize', (dimension) => {
      const d = dimension as { width?: number; height?: number } | undefined;
      if (d?.width && d.height) size = { width: d.width, height: d.height };
      fit();
    });
    const meta = r.getMetaData();
    const offset = Math.min(Math.max(0, initialOffset), meta.totalTime);
    fit();
    // rrweb's constructor queues the first page's size (and the first snapshot) on timers of its own; the
    // linked moment is shown after them, or a resize before it would be undone by the first size.
    const opening = setTimeout(() => r.pause(shownAt(offset)), 0);
    setState({
      playing: false,
      offset,
      duration: meta.totalTime,
      startTime: meta.startTime,
      skipping: false,
    });
    r.on('finish', () => setState((s) => ({ ...s, playing: false, offset: meta.totalTime })));
    r.on('skip-start', () => setState((s) => ({ ...s, skipping: true })));
    r.on('skip-end', () => setState((s) => ({ ...s, skipping: false })));
    const observer = new ResizeObserver(fit);
    observer.observe(container);
    return () => {
      clearTimeout(opening);
      observer.disconnect();
      r.destroy();
      replayer.current = null;
      container.replaceChildren();
    };
  }, [tab, container]);

  useEffect(() => {
    replayer.current?.setConfig({ speed: options.speed, skipInactive: options.skipInactive });
  }, [options.speed, options.skipInactive]);

  // While playing, the playhead follows the replayer ~10 times a second.
  useEffect(() => {
    if (!state.playing) return;
    const timer = setInterval(() => {
      const r = replayer.current;
      if (r) setState((s) => ({ ...s, offset: Math.min(r.getCurrentTime(), s.duration) }));
    }, 100);
    return () => clearInterval(timer);
  }, [state.playing]);

  // The controls read the latest state through a ref: they stay stable and never act inside a state update.
  const latest = useRef(state);
  latest.current = state;
  const play = useCallback(() => {
    const r = replayer.current;
    if (!r) return;
    const s = latest.current;
    const from = s.offset >= s.duration ? 0 : s.offset;
    r.play(from);
    setState({ ...s, playing: true, offset: from });
  }, []);
  const pause = useCallback(() => {
    const r = replayer.current;
    if (!r) return;
    r.pause();
    setState({ ...latest.current, playing: false, offset: r.getCurrentTime() });
  }, []);
  const seek = useCallback(
    (offset: number) => {
      const r = replayer.current;
      if (!r) return;
      const s = latest.current;
      const to = Math.min(Math.max(0, offset), s.duration);
      if (s.playing) r.play(to);
      else r.pause(shownAt(to));
      setState({ ...s, offset: to });
    },
    [shownAt],
  );
  return { state, play, pause, seek };
}
