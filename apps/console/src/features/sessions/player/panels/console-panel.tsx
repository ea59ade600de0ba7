import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ConsoleItem } from '../recording.ts';
import { rowClass, TimeButton } from './time-button.tsx';

const LEVELS = ['log', 'info', 'warn', 'error', 'debug', 'assert'] as const;
const LEVEL_CLASS: Record<string, string> = {
  error: 'text-danger',
  assert: 'text-danger',
  warn: 'text-warning-emphasis',
};

/** Console lines of the tab with a level filter and a text search; rows after the playhead are dimmed. */
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
  const needle = search.trim().toLowerCase();
  const shown = items.filter(
    (i) => (!level || i.level === level) && (!needle || i.text.toLowerCase().includes(needle)),
  );
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
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {shown.length === 0 ? (
        <p className="text-body-secondary">{t('panel.none')}</p>
      ) : (
        <ul className="list-unstyled font-monospace small mb-0" data-testid="console-lines">
          {shown.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a loaded recording never reorder
            <li key={i} className={`${rowClass(item.time, now)} ${LEVEL_CLASS[item.level] ?? ''}`}>
              <TimeButton offset={item.time - startTime} onSeek={onSeek} />{' '}
              <span className="badge text-bg-light">{item.level}</span>{' '}
              <span className="text-break">{item.text}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
