import { useMemo, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { NetworkItem } from '../recording.ts';
import { FollowButton } from './follow-button.tsx';
import { matchesText } from './text-filter.ts';
import { rowClass, TimeButton } from './time-button.tsx';
import { ROW_PX, useFollowedList } from './use-followed-list.ts';

function Headers({ headers }: { headers?: Record<string, string> }) {
  const entries = Object.entries(headers ?? {});
  if (entries.length === 0) return <span className="text-body-secondary">—</span>;
  return (
    <dl className="mb-1">
      {entries.map(([k, v]) => (
        <div key={k} className="d-flex gap-2">
          <dt className="fw-normal text-body-secondary">{k}</dt>
          <dd className="mb-0 text-break">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

const formatBytes = (n: number) =>
  n < 1024
    ? `${n} B`
    : n < 1024 * 1024
      ? `${(n / 1024).toFixed(1)} KB`
      : `${(n / 1024 / 1024).toFixed(1)} MB`;

/** A loaded file has no status: its size instead (— when the browser hides a cross-origin size). */
function ResourceSize({ resource, size }: { resource: NonNullable<NetworkItem['resource']>; size: number }) {
  const { t } = useTranslation();
  if (resource.cached) return <span className="badge text-bg-secondary">{t('panel.cached', 'Cached')}</span>;
  return <span className="text-body-secondary">{size ? formatBytes(size) : '—'}</span>;
}

/** What a pressed row opens below the list: a file's timings and sizes, or a request's headers and bodies. */
function Details({ item }: { item: NetworkItem }) {
  const { t } = useTranslation();
  if (item.resource)
    return (
      <p className="small text-body-secondary mb-0">
        {item.kind} · TTFB {Math.round(item.resource.ttfb)} ms · {formatBytes(item.size)} (
        {formatBytes(item.resource.transferSize)} {t('panel.transferred', 'transferred')})
      </p>
    );
  return (
    <div className="row small">
      <div className="col-6">
        <h3 className="h6">{t('panel.request')}</h3>
        <Headers headers={item.request.headers} />
        <pre className="bg-light p-2 mb-0 text-wrap">{item.request.body ?? '—'}</pre>
      </div>
      <div className="col-6">
        <h3 className="h6">{t('panel.response')}</h3>
        <Headers headers={item.response.headers} />
        <pre className="bg-light p-2 mb-0 text-wrap">{item.response.body ?? '—'}</pre>
      </div>
    </div>
  );
}

/**
 * Requests with method, status, duration and a waterfall bar, in a box of their own that follows the
 * playhead; a row's address opens its headers and bodies below the list, and pressing a row moves the
 * playhead there. Files the page loaded (images, scripts, styles…) are rows too, their kind beside the method
 * and their size as status. Filters: text (address, method, status), failed only, kind.
 */
export function NetworkPanel({
  items,
  startTime,
  duration,
  now,
  onSeek,
}: {
  items: NetworkItem[];
  startTime: number;
  duration: number;
  now: number;
  onSeek: (offset: number) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<NetworkItem | null>(null);
  const [search, setSearch] = useState('');
  const [failedOnly, setFailedOnly] = useState(false);
  const [kind, setKind] = useState('');
  const kinds = useMemo(() => [...new Set(items.map((i) => i.kind).filter(Boolean))].sort(), [items]);
  const shown = useMemo(
    () =>
      items.filter(
        (i) =>
          (!failedOnly || i.failed) &&
          (!kind || i.kind === kind) &&
          matchesText(search, i.url, i.method, i.status || ''),
      ),
    [items, search, failedOnly, kind],
  );
  const list = useFollowedList(shown, now);
  if (items.length === 0) return <p className="text-body-secondary">{t('panel.none')}</p>;
  const span = Math.max(1, duration);
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <Form.Control
          size="sm"
          type="search"
          style={{ maxWidth: '20rem' }}
          placeholder={t('panel.search')}
          aria-label={t('panel.search')}
          value={search}
          data-testid="network-filter"
          onChange={(e) => setSearch(e.target.value)}
        />
        <Form.Select
          size="sm"
          style={{ width: 'auto' }}
          aria-label={t('panel.type')}
          value={kind}
          onChange={(e) => setKind(e.target.value)}
        >
          <option value="">{t('panel.allTypes')}</option>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </Form.Select>
        <Form.Check
          type="switch"
          id="network-failed-only"
          label={t('panel.failedOnly')}
          checked={failedOnly}
          onChange={(e) => setFailedOnly(e.target.checked)}
        />
        <FollowButton following={list.following} onFollow={list.follow} />
      </div>
      {shown.length === 0 ? (
        <p className="text-body-secondary">{t('panel.none')}</p>
      ) : (
        <section {...list.scrollerProps} data-testid="network-scroller" aria-label={t('panel.network')}>
          <table
            className="table table-sm small align-middle mb-0"
            style={{ tableLayout: 'fixed' }}
            data-testid="network-rows"
          >
            <thead className="sticky-top">
              <tr>
                <th scope="col" style={{ width: '4.5rem' }}>
                  {t('panel.time')}
                </th>
                <th scope="col" style={{ width: '7rem' }}>
                  {t('panel.method')}
                </th>
                <th scope="col" style={{ width: '6rem' }}>
                  {t('panel.status')}
                </th>
                <th scope="col">{t('panel.url')}</th>
                <th scope="col" style={{ width: '5rem' }}>
                  {t('panel.duration')}
                </th>
                <th scope="col" style={{ width: '20%' }}>
                  {t('panel.waterfall')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.view.before > 0 && <tr style={{ height: list.view.before }} />}
              {shown.slice(list.view.from, list.view.to).map((item, k) => {
                const i = list.view.from + k;
                return (
                  <tr
                    key={i}
                    data-row
                    aria-current={i === list.current ? 'true' : undefined}
                    className={`${rowClass(item.time, now)} panel-line ${item.failed ? 'table-danger' : ''}`}
                    style={{ height: ROW_PX }}
                    onClick={() => {
                      setOpen(item);
                      onSeek(item.time - startTime);
                    }}
                  >
                    <td>
                      <TimeButton offset={item.time - startTime} onSeek={onSeek} />
                    </td>
                    <td className="text-truncate">
                      {item.method}
                      {item.resource && <span className="badge text-bg-light ms-1">{item.kind}</span>}
                    </td>
                    <td className="text-truncate">
                      {item.resource ? (
                        <ResourceSize resource={item.resource} size={item.size} />
                      ) : (
                        item.status || t('panel.noResponse')
                      )}
                    </td>
                    <td className="text-truncate" title={item.url}>
                      <button
                        type="button"
                        className="btn btn-link btn-sm p-0 text-start text-truncate mw-100"
                        aria-expanded={open === item}
                        onClick={(event) => {
                          event.stopPropagation();
                          setOpen(open === item ? null : item);
                        }}
                      >
                        {item.url}
                      </button>
                    </td>
                    <td className="text-truncate">{Math.round(item.duration)} ms</td>
                    <td>
                      <div className="bg-body-secondary position-relative" style={{ height: 8 }}>
                        <div
                          className={item.failed ? 'bg-danger' : 'bg-primary'}
                          style={{
                            position: 'absolute',
                            height: 8,
                            // Files loaded before recording began (the tracker's first read of the page's timeline) start at 0.
                            left: `${Math.max(0, ((item.time - startTime) / span) * 100)}%`,
                            width: `${Math.max(0.5, (item.duration / span) * 100)}%`,
                          }}
                        />
                      </div>
                    </td>
                  </tr>
                );
              })}
              {list.view.after > 0 && <tr style={{ height: list.view.after }} />}
            </tbody>
          </table>
        </section>
      )}
      {open && shown.includes(open) && (
        <div className="border rounded p-2 mt-2" data-testid="network-details">
          <p className="small text-break mb-1">
            <strong>{open.method}</strong> {open.url}
          </p>
          <Details item={open} />
        </div>
      )}
    </>
  );
}
