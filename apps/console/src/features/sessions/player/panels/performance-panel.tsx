import { useTranslation } from 'react-i18next';
import type { LoadTiming, PerformanceSample, VitalItem } from '../recording.ts';
import { rowClass, TimeButton } from './time-button.tsx';

const RATING_CLASS: Record<string, string> = {
  good: 'text-bg-success',
  'needs-improvement': 'text-bg-warning',
  poor: 'text-bg-danger',
};

const MB = 1024 * 1024;

/** One metric of the performance track as a sparkline over the recording, with its value at the playhead. */
function Sparkline({
  label,
  values,
  times,
  max,
  format,
  startTime,
  span,
  now,
}: {
  label: string;
  values: number[];
  times: number[];
  max: number;
  format: (v: number) => string;
  startTime: number;
  span: number;
  now: number;
}) {
  const x = (time: number) => ((time - startTime) / span) * 100;
  const y = (v: number) => 20 - (Math.min(v, max) / max) * 18;
  const points = values.map((v, i) => `${x(times[i]!).toFixed(2)},${y(v).toFixed(2)}`).join(' ');
  // The window that ended last before the playhead (none yet: the first one).
  let at = 0;
  for (let i = 0; i < times.length && times[i]! <= now; i++) at = i;
  return (
    <div className="d-flex align-items-center gap-2">
      <span className="text-nowrap" style={{ width: '9em' }}>
        {label} <strong>{format(values[at] ?? 0)}</strong>
      </span>
      <svg
        viewBox="0 0 100 20"
        preserveAspectRatio="none"
        className="flex-grow-1 bg-body-secondary"
        style={{ height: 24 }}
        aria-hidden="true"
      >
        <polyline
          points={points}
          fill="none"
          stroke="currentColor"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
        <line
          x1={x(now)}
          x2={x(now)}
          y1={0}
          y2={20}
          stroke="var(--bs-danger)"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
    </div>
  );
}

/** Frame rate, CPU availability and JS heap, 2 s a sample (the tracker's capturePerformanceTrack). */
function PerformanceTrack({
  samples,
  startTime,
  duration,
  now,
}: {
  samples: PerformanceSample[];
  startTime: number;
  duration: number;
  now: number;
}) {
  const { t } = useTranslation();
  const times = samples.map((s) => s.time);
  const common = { times, startTime, span: Math.max(1, duration), now };
  const heap = samples.map((s) => s.heapUsed / MB);
  return (
    <section className="mb-3" data-testid="performance-track">
      <h3 className="h6">{t('panel.track', 'Frame rate, CPU and memory')}</h3>
      <Sparkline
        label="FPS"
        values={samples.map((s) => s.fps)}
        max={60}
        format={(v) => v.toFixed(0)}
        {...common}
      />
      <Sparkline
        label="CPU"
        values={samples.map((s) => s.cpu)}
        max={100}
        format={(v) => `${v}%`}
        {...common}
      />
      {samples.some((s) => s.heapUsed > 0) && (
        <Sparkline
          label={t('panel.heap', 'JS heap')}
          values={heap}
          max={Math.max(1, ...samples.map((s) => s.heapTotal / MB))}
          format={(v) => `${v.toFixed(1)} MB`}
          {...common}
        />
      )}
    </section>
  );
}

/** Web vitals with the tracker's rating, each page's load timings and, when recorded, the performance track. */
export function PerformancePanel({
  vitals,
  timings,
  track,
  startTime,
  duration,
  now,
  onSeek,
}: {
  vitals: VitalItem[];
  timings: LoadTiming[];
  track: PerformanceSample[];
  startTime: number;
  duration: number;
  now: number;
  onSeek: (offset: number) => void;
}) {
  const { t } = useTranslation();
  if (vitals.length === 0 && timings.length === 0 && track.length === 0)
    return <p className="text-body-secondary">{t('panel.none')}</p>;
  return (
    <div className="small">
      {track.length > 0 && (
        <PerformanceTrack samples={track} startTime={startTime} duration={duration} now={now} />
      )}
      <ul className="list-unstyled" data-testid="vitals">
        {vitals.map((v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows of a loaded recording never reorder
          <li key={i} className={rowClass(v.time, now)}>
            <TimeButton offset={v.time - startTime} onSeek={onSeek} /> {v.name}{' '}
            {v.name === 'CLS' ? v.value.toFixed(3) : `${Math.round(v.value)} ms`}{' '}
            <span className={`badge ${RATING_CLASS[v.rating] ?? 'text-bg-secondary'}`}>
              {t(`panel.rating.${v.rating}`, v.rating)}
            </span>
          </li>
        ))}
      </ul>
      {timings.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows of a loaded recording never reorder
        <p key={i} className={`${rowClass(p.time, now)} mb-1`}>
          <TimeButton offset={p.time - startTime} onSeek={onSeek} /> {p.url} · TTFB {p.ttfb} ms · DCL{' '}
          {p.domContentLoaded} ms · {t('panel.load')} {p.load} ms · FCP {p.firstContentfulPaint} ms
        </p>
      ))}
    </div>
  );
}
