import type { ClickMap } from '@atrium/protocol/click-maps';
import { Replayer } from '@rrweb/replay';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { loadRecording } from '../sessions/player/load-recording.ts';
import { REPLAY_STYLE_RULES } from '../sessions/player/use-replayer.ts';
import { drawHeat } from './draw-heat.ts';

/**
 * The page as a learner last saw it — the recording of the map's latest click, replayed and paused at that
 * moment (rrweb's iframe, no scripts run) — stretched to the whole document so clicks placed by their share of
 * the page's width and height fall where they were, scaled to fit, with the heat painted over it.
 */
export function PagePicture({ map }: { map: ClickMap }) {
  const { t } = useTranslation();
  const snapshot = map.snapshot;
  const recording = useQuery({
    queryKey: ['recording', snapshot?.session_id],
    queryFn: ({ signal }) => loadRecording(snapshot?.session_id ?? '', () => undefined, signal),
    enabled: Boolean(snapshot),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const stage = useRef<HTMLDivElement>(null);
  const heat = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const container = stage.current;
    const canvas = heat.current;
    const tab = recording.data?.find((x) => x.tabId === snapshot?.tab_id);
    if (!container || !canvas || !snapshot || !tab || tab.events.length < 2) return;
    const root = document.createElement('div');
    container.prepend(root);
    const r = new Replayer(tab.events, {
      root,
      mouseTail: false,
      showWarning: false,
      triggerFocus: false,
      pauseAnimation: true,
      insertStyleRules: REPLAY_STYLE_RULES,
    });
    const start = tab.events[0]?.timestamp ?? 0;
    let frame = 0;
    const fit = () => {
      const doc = r.iframe.contentDocument?.documentElement;
      if (!doc) return;
      const width = Math.max(doc.scrollWidth, Number(r.iframe.width) || 0, 1);
      const height = Math.max(doc.scrollHeight, Number(r.iframe.height) || 0, 1);
      // The whole document, not the learner's window: a click low on the page is drawn where it was.
      r.iframe.style.height = `${height}px`;
      r.iframe.setAttribute('height', String(height));
      const scale = Math.min(1, container.clientWidth / width);
      r.wrapper.style.transform = `scale(${scale})`;
      r.wrapper.style.transformOrigin = 'top left';
      container.style.height = `${height * scale}px`;
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      drawHeat(canvas, map.cells);
      setDrawn(true);
    };
    // rrweb draws the first page on timers of its own; the moment is shown after them (as in the player).
    const opening = setTimeout(() => {
      r.pause(Math.max(0, snapshot.at - start) + 1);
      frame = requestAnimationFrame(fit);
    }, 0);
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(fit);
    });
    observer.observe(container);
    return () => {
      clearTimeout(opening);
      cancelAnimationFrame(frame);
      observer.disconnect();
      r.destroy();
      root.remove();
      setDrawn(false);
    };
  }, [recording.data, snapshot, map.cells]);

  if (!snapshot) return null;
  return (
    <div>
      {recording.isPending && (
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">{t('clickMaps.loadingPicture')}</span>
        </Spinner>
      )}
      {recording.isError && <Alert variant="warning">{t('clickMaps.pictureFailed')}</Alert>}
      <div
        ref={stage}
        className="click-map-stage position-relative overflow-hidden border bg-white"
        data-testid="click-map-stage"
        data-drawn={drawn}
        role="img"
        aria-label={t('clickMaps.pictureLabel', { path: map.path, count: map.clicks })}
      >
        <canvas ref={heat} className="position-absolute top-0 start-0" style={{ pointerEvents: 'none' }} />
      </div>
    </div>
  );
}
