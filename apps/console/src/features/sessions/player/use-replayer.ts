import { Replayer } from '@rrweb/replay';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TabRecording } from './recording.ts';

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
export function useReplayer(
  tab: TabRecording | undefined,
  container: HTMLDivElement | null,
  options: { speed: number; skipInactive: boolean; initialOffset: number },
) {
  const replayer = useRef<Replayer | null>(null);
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
    });
    replayer.current = r;
    const fit = () => {
      const width = tab.viewport.width || r.iframe.width || container.clientWidth;
      const height = tab.viewport.height || r.iframe.height || 600;
      const scale = Math.min(1, container.clientWidth / Number(width));
      r.wrapper.style.transform = `scale(${scale})`;
      r.wrapper.style.transformOrigin = 'top left';
      container.style.height = `${Number(height) * scale}px`;
    };
    r.on('resize', fit);
    const meta = r.getMetaData();
    const offset = Math.min(Math.max(0, initialOffset), meta.totalTime);
    r.pause(offset);
    fit();
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
  const seek = useCallback((offset: number) => {
    const r = replayer.current;
    if (!r) return;
    const s = latest.current;
    const to = Math.min(Math.max(0, offset), s.duration);
    if (s.playing) r.play(to);
    else r.pause(to);
    setState({ ...s, offset: to });
  }, []);
  return { state, play, pause, seek };
}
