import { useMemo, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ConsoleItem } from '../recording.ts';
import { FollowButton } from './follow-button.tsx';
import { matchesText } from './text-filter.ts';
import { rowClass, TimeButton } from './time-button.tsx';
import { ROW_PX, useFollowedList } from './use-followed-list.ts';

const LEVELS = ['log', 'info', 'warn', 'error', 'debug', 'assert'] as const;
const LEVEL_CLASS: Record<string, string> = {
  error: 'text-danger',
  assert: 'text-danger',
  warn: 'text-warning-emphasis',
};

/**
 * Console lines of the tab with a level filter and a text search, in a box of their own that follows the
 * playhead; a line opens in full below the list, and pressing it moves the playhead there.
 */
export function ConsolePanel({
  items,
  startTime,
  now,
  onSeek,
}: {
  items: ConsoleItem[];
  startTime: number;
  now: number;
  onSeek: (offset: number) => void;
}) {
  const { t } = useTranslation();
  const [level, setLevel] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ConsoleItem | null>(null);
  const shown = useMemo(
    () => items.filter((i) => (!level || i.level === level) && matchesText(search, i.text)),
    [items, level, search],
  );
  const list = useFollowedList(shown, now);
  return (
    <>
      <div className="d-flex gap-2 mb-2">
        <Form.Select
          size="sm"
          style={{ width: 'auto' }}
          aria-label={t('panel.level')}
          value={level}
          onChange={(e) => setLevel(e.target.value)}
        >
          <option value="">{t('panel.allLevels')}</option>
          {LEVELS.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </Form.Select>
        <Form.Control
          size="sm"
          type="search"
          placeholder={t('panel.search')}
          aria-label={t('panel.search')}
          value={search}
          data-testid="console-filter"
          onChange={(e) => setSearch(e.target.value)}
        />
        <FollowButton following={list.following} onFollow={list.follow} />
      </div>
      {shown.length === 0 ? (
        <p className="text-body-secondary">{t('panel.none')}</p>
      ) : (
        <section {...list.scrollerProps} data-testid="console-scroller" aria-label={t('panel.console')}>
          <ul
            className="list-unstyled font-monospace small mb-0"
            data-testid="console-lines"
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
                  className={`${rowClass(item.time, now)} panel-line ${LEVEL_CLASS[item.level] ?? ''}`}
                  style={{ height: ROW_PX, lineHeight: `${ROW_PX}px` }}
                  title={item.text}
                  onClick={() => {
                    setSelected(item);
                    onSeek(item.time - startTime);
                  }}
                >
                  <TimeButton offset={item.time - startTime} onSeek={onSeek} />{' '}
                  <span className="badge text-bg-light">{item.level}</span> {item.text}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {selected && shown.includes(selected) && (
        <pre className="bg-light border rounded p-2 mt-2 mb-0 small text-wrap" style={{ maxHeight: '12rem' }}>
          {selected.text}
        </pre>
      )}
    </>
  );
}
