import { useTranslation } from 'react-i18next';
import type { ErrorItem } from '../recording.ts';
import { rowClass, TimeButton } from './time-button.tsx';

/** Exceptions with their parsed stack frames (function, file, line:column). */
export function ErrorsPanel({
  items,
  startTime,
  now,
  onSeek,
}: {
  items: ErrorItem[];
  startTime: number;
  now: number;
  onSeek: (offset: number) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="text-body-secondary">{t('panel.none')}</p>;
  return (
    <ul className="list-unstyled mb-0" data-testid="error-items">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows of a loaded recording never reorder
        <li key={i} className={`${rowClass(item.time, now)} mb-2`}>
          <TimeButton offset={item.time - startTime} onSeek={onSeek} />{' '}
          <strong className="text-danger">{item.name}</strong>:{' '}
          <span className="text-break">{item.message}</span>
          {item.frames.length > 0 && (
            <ol className="small font-monospace mb-0">
              {item.frames.map((f, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: frames of one stack never reorder
                <li key={j} className="text-break">
                  {f.functionName} ({f.fileName}:{f.lineNumber}:{f.columnNumber})
                </li>
              ))}
            </ol>
          )}
        </li>
      ))}
    </ul>
  );
}
