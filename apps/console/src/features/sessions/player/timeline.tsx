import { useTranslation } from 'react-i18next';
import { formatClock } from '../format.ts';
import type { Marker, MarkerKind } from './recording.ts';

// Each kind has its own lane, so an error and the failed request beside it stay separately clickable.
const LANES: MarkerKind[] = ['page', 'click', 'error', 'request', 'gap'];
const LANE_PX = 8;
const COLORS: Record<MarkerKind, string> = {
  page: '#0b5ed7',
  click: '#6c757d',
  error: '#b02a37',
  request: '#d63384',
  gap: '#997404',
};

/** The scrubber: a range input for the playhead with the session's markers laid over it, each a button. */
export function Timeline({
  offset,
  duration,
  startTime,
  markers,
  onSeek,
}: {
  offset: number;
  duration: number;
  startTime: number;
  markers: Marker[];
  onSeek: (offset: number) => void;
}) {
  const { t } = useTranslation();
  const at = (time: number) => Math.min(100, Math.max(0, ((time - startTime) / Math.max(1, duration)) * 100));
  return (
    <div className="player-timeline">
      <div className="position-relative" style={{ height: LANES.length * LANE_PX }}>
        {markers.map((m, i) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: markers never reorder within a loaded recording
            key={i}
            type="button"
            className="player-marker"
            style={{
              left: `${at(m.time)}%`,
              top: LANES.indexOf(m.kind) * LANE_PX,
              background: COLORS[m.kind],
            }}
            title={`${t(`player.marker.${m.kind}`)} · ${formatClock(m.time - startTime)} · ${m.label}`}
            aria-label={`${t(`player.marker.${m.kind}`)} ${formatClock(m.time - startTime)}: ${m.label}`}
            data-testid={`marker-${m.kind}`}
            onClick={() => onSeek(m.time - startTime)}
          />
        ))}
      </div>
      <input
        type="range"
        className="form-range"
        min={0}
        max={Math.max(1, duration)}
        step={100}
        value={offset}
        aria-label={t('player.seek')}
        aria-valuetext={`${formatClock(offset)} / ${formatClock(duration)}`}
        onChange={(event) => onSeek(Number(event.target.value))}
      />
    </div>
  );
}
