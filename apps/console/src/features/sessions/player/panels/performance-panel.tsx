import { useTranslation } from 'react-i18next';
import type { LoadTiming, VitalItem } from '../recording.ts';
import { rowClass, TimeButton } from './time-button.tsx';

const RATING_CLASS: Record<string, string> = {
  good: 'text-bg-success',
  'needs-improvement': 'text-bg-warning',
  poor: 'text-bg-danger',
};

/** Web vitals with the tracker's rating, and each page's load timings. */
export function PerformancePanel({
  vitals,
  timings,
  startTime,
  now,
  onSeek,
}: {
  vitals: VitalItem[];
  timings: LoadTiming[];
  startTime: number;
  now: number;
  onSeek: (offset: number) => void;
}) {
  const { t } = useTranslation();
  if (vitals.length === 0 && timings.length === 0)
    return <p className="text-body-secondary">{t('panel.none')}</p>;
  return (
    <div className="small">
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
