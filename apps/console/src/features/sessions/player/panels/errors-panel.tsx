import { useMemo, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ErrorItem } from '../recording.ts';
import { FollowButton } from './follow-button.tsx';
import { matchesText } from './text-filter.ts';
import { rowClass, TimeButton } from './time-button.tsx';
import { ROW_PX, useFollowedList } from './use-followed-list.ts';

/**
 * Exceptions in a box of their own that follows the playhead, with a text filter; below the list, the parsed
 * stack frames (function, file, line:column) of the pressed error, or else of the one at the playhead.
 */
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
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ErrorItem | null>(null);
  const shown = useMemo(() => items.filter((i) => matchesText(search, i.name, i.message)), [items, search]);
  const list = useFollowedList(shown, now);
  if (items.length === 0) return <p className="text-body-secondary">{t('panel.none')}</p>;
  const detail = selected && shown.includes(selected) ? selected : shown[list.current];
  return (
    <>
      <div className="d-flex gap-2 mb-2">
        <Form.Control
          size="sm"
          type="search"
          placeholder={t('panel.search')}
          aria-label={t('panel.search')}
          value={search}
          data-testid="errors-filter"
          onChange={(e) => setSearch(e.target.value)}
        />
        <FollowButton following={list.following} onFollow={list.follow} />
      </div>
      {shown.length === 0 ? (
        <p className="text-body-secondary">{t('panel.none')}</p>
      ) : (
        <section {...list.scrollerProps} data-testid="errors-scroller" aria-label={t('panel.errors')}>
          <ul
            className="list-unstyled mb-0"
            data-testid="error-items"
            style={{ paddingTop: list.view.before, paddingBottom: list.view.after }}
          >
            {shown.slice(list.view.from, list.view.to).map((item, k) => {
              const i = list.view.from + k;
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the row's time button is its keyboard way
                <li
                  key={i}
                  data-row
                  aria-current={i === list.current ? 'true' : undefined}
                  className={`${rowClass(item.time, now)} panel-line`}
                  style={{ height: ROW_PX, lineHeight: `${ROW_PX}px` }}
                  title={`${item.name}: ${item.message}`}
                  onClick={() => {
                    setSelected(item);
                    onSeek(item.time - startTime);
                  }}
                >
                  <TimeButton offset={item.time - startTime} onSeek={onSeek} />{' '}
                  <strong className="text-danger">{item.name}</strong>: {item.message}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {detail && (
        <div className="border rounded p-2 mt-2" data-testid="error-details">
          <p className="mb-1 text-break">
            <strong className="text-danger">{detail.name}</strong>: {detail.message}
          </p>
          {detail.frames.length > 0 && (
            <ol className="small font-monospace mb-0">
              {detail.frames.map((f, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: frames of one stack never reorder
                <li key={j} className="text-break">
                  {f.functionName} ({f.fileName}:{f.lineNumber}:{f.columnNumber})
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </>
  );
}
