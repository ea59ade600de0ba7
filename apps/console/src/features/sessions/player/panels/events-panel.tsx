import { useTranslation } from 'react-i18next';
import type { EventItem } from '../recording.ts';
import { rowClass, TimeButton } from './time-button.tsx';

/** Clicks with their labels, inputs (as masked by the tracker), page locations, custom events and issues. */
export function EventsPanel({
  items,
  startTime,
  now,
  onSeek,
}: {
  items: EventItem[];
  startTime: number;
  now: number;
  onSeek: (offset: number) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="text-body-secondary">{t('panel.none')}</p>;
  return (
    <ul className="list-unstyled small mb-0" data-testid="event-items">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows of a loaded recording never reorder
        <li key={i} className={rowClass(item.time, now)}>
          <TimeButton offset={item.time - startTime} onSeek={onSeek} />{' '}
          <span className="badge text-bg-light">{t(`panel.event.${item.kind}`)}</span>{' '}
          <span className="text-break">{item.label}</span>{' '}
          {item.detail && <span className="text-body-secondary text-break">{item.detail}</span>}
        </li>
      ))}
    </ul>
  );
}
