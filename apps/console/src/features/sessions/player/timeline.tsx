import { useEffect, useMemo, useRef, useState } from 'react';
import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../format.ts';
import { groupMarkers, LANES } from './marker-groups.ts';
import type { Marker, MarkerKind } from './recording.ts';
import type { TabSegment } from './visit.ts';

const LANE_PX = 8;
// A group's count on its marker's colour: white where it keeps 4.5:1, black where white would not.
const TEXT: Partial<Record<MarkerKind, string>> = { request: '#000', signal: '#000', gap: '#000' };
const COLORS: Record<MarkerKind, string> = {
  page: '#0b5ed7',
  click: '#6c757d',
  signal: '#fd7e14',
  error: '#b02a37',
  request: '#d63384',
  gap: '#997404',
  note: '#6f42c1',
};

/**
 * The scrubber: a range input for the playhead with the session's markers laid over it, each a button.
 * Markers of one lane that would cover each other form a group: one button with their count, which lists them.
 * A visit of several tabs has a strip above: which tab was active when, each stretch labelled 「分頁 N」 and
 * a button to its start (ADR 0070).
 */
export function Timeline({
  offset,
  duration,
  startTime,
  markers,
  segments = [],
  tabName = () => '',
  onSeek,
}: {
  offset: number;
  duration: number;
  startTime: number;
  markers: Marker[];
  segments?: TabSegment[];
  tabName?: (tabId: string) => string;
  onSeek: (offset: number, marker?: Marker) => void;
}) {
  const { t } = useTranslation();
  const lanes = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(1000);
  useEffect(() => {
    const el = lanes.current;
    if (!el) return;
    // The observer reports the first width once the page is laid out: reading clientWidth here instead would
    // force a layout of the whole page in the middle of the first render (~50–100 ms on a first open).
    const observer = new ResizeObserver(() => setWidth(el.clientWidth || 1000));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // Once per recording and width, not at every tick of the playhead.
  const groups = useMemo(
    () => groupMarkers(markers, startTime, duration, width),
    [markers, startTime, duration, width],
  );
  const describe = (m: Marker) =>
    `${t(`player.marker.${m.kind}`)} ${formatClock(m.time - startTime)}: ${m.label}`;
  const span = Math.max(1, duration);
  const percent = (time: number) => Math.min(100, Math.max(0, ((time - startTime) / span) * 100));
  return (
    <div className="player-timeline">
      {segments.length > 0 && (
        <div className="player-tabs" data-testid="tab-strip">
          {segments.map((segment) => {
            const left = percent(segment.from);
            const name = tabName(segment.tabId);
            const label = t('player.tabFrom', { tab: name, time: formatClock(segment.from - startTime) });
            return (
              <button
                key={`${segment.tabId}-${segment.from}`}
                type="button"
                className="player-tab-segment"
                data-tab={name}
                style={{ left: `${left}%`, width: `${Math.max(0, percent(segment.to) - left)}%` }}
                title={label}
                aria-label={label}
                data-testid="tab-segment"
                onClick={() => onSeek(segment.from - startTime)}
              >
                {name}
              </button>
            );
          })}
        </div>
      )}
      <div ref={lanes} className="position-relative" style={{ height: LANES.length * LANE_PX }}>
        {groups.map((group) => {
          const style = {
            left: `${group.at}%`,
            top: LANES.indexOf(group.kind) * LANE_PX,
            background: COLORS[group.kind],
          };
          const [first] = group.markers;
          if (!first) return null;
          if (group.markers.length === 1)
            return (
              <button
                key={`${group.kind}-${first.time}`}
                type="button"
                className="player-marker"
                style={style}
                title={describe(first)}
                aria-label={describe(first)}
                data-testid={`marker-${group.kind}`}
                onClick={() => onSeek(first.time - startTime, first)}
              />
            );
          const label = t('player.markerGroup', {
            count: group.markers.length,
            kind: t(`player.marker.${group.kind}`),
            time: formatClock(first.time - startTime),
          });
          return (
            <Dropdown
              key={`${group.kind}-${first.time}`}
              className="position-absolute"
              style={{ left: style.left, top: style.top }}
            >
              <Dropdown.Toggle
                className="player-marker player-marker-group"
                style={{ background: style.background, color: TEXT[group.kind] ?? '#fff' }}
                title={label}
                aria-label={label}
                data-testid={`marker-group-${group.kind}`}
              >
                {group.markers.length}
              </Dropdown.Toggle>
              <Dropdown.Menu className="small" style={{ maxHeight: '16rem', overflowY: 'auto' }}>
                {group.markers.map((m, i) => (
                  <Dropdown.Item
                    // biome-ignore lint/suspicious/noArrayIndexKey: markers never reorder within a loaded recording
                    key={i}
                    as="button"
                    className="text-truncate"
                    style={{ maxWidth: '32rem' }}
                    data-testid="marker-group-item"
                    onClick={() => onSeek(m.time - startTime, m)}
                  >
                    <span className="font-monospace">{formatClock(m.time - startTime)}</span> {m.label}
                  </Dropdown.Item>
                ))}
              </Dropdown.Menu>
            </Dropdown>
          );
        })}
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
