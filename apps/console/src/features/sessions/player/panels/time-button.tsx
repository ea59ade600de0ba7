import { useTranslation } from 'react-i18next';
import { formatClock } from '../../format.ts';

/** The moment of a panel row; pressing it moves the playhead there. */
export function TimeButton({ offset, onSeek }: { offset: number; onSeek: (offset: number) => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn-link btn-sm p-0 font-monospace text-decoration-none"
      aria-label={t('player.jumpTo', { time: formatClock(offset) })}
      onClick={() => onSeek(offset)}
    >
      {formatClock(offset)}
    </button>
  );
}

/** Row class of an item relative to the playhead: already happened, or still to come (dimmed). */
export const rowClass = (time: number, now: number) => (time <= now ? 'panel-row' : 'panel-row panel-future');
