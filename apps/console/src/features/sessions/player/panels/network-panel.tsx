import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NetworkItem } from '../recording.ts';
import { rowClass, TimeButton } from './time-button.tsx';

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

/**
 * Requests with method, status, duration and a waterfall bar; a row opens its headers and bodies. Files the
 * page loaded (images, scripts, styles…) are rows too, their kind beside the method and their size as status.
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
  const [open, setOpen] = useState<number | null>(null);
  if (items.length === 0) return <p className="text-body-secondary">{t('panel.none')}</p>;
  const span = Math.max(1, duration);
  return (
    <table className="table table-sm small align-middle mb-0" data-testid="network-rows">
      <thead>
        <tr>
          <th scope="col">{t('panel.time')}</th>
          <th scope="col">{t('panel.method')}</th>
          <th scope="col">{t('panel.status')}</th>
          <th scope="col">{t('panel.url')}</th>
          <th scope="col">{t('panel.duration')}</th>
          <th scope="col" style={{ width: '25%' }}>
            {t('panel.waterfall')}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows of a loaded recording never reorder
          <Fragment key={i}>
            <tr className={`${rowClass(item.time, now)} ${item.failed ? 'table-danger' : ''}`}>
              <td>
                <TimeButton offset={item.time - startTime} onSeek={onSeek} />
              </td>
              <td>
                {item.method}
                {item.resource && <span className="badge text-bg-light ms-1">{item.kind}</span>}
              </td>
              <td>
                {item.resource ? (
                  <ResourceSize resource={item.resource} size={item.size} />
                ) : (
                  item.status || t('panel.noResponse')
                )}
              </td>
              <td className="text-break">
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0 text-start text-break"
                  aria-expanded={open === i}
                  onClick={() => setOpen(open === i ? null : i)}
                >
                  {item.url}
                </button>
              </td>
              <td>{Math.round(item.duration)} ms</td>
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
            {open === i && item.resource && (
              <tr>
                <td colSpan={6} className="small text-body-secondary">
                  {item.kind} · TTFB {Math.round(item.resource.ttfb)} ms · {formatBytes(item.size)} (
                  {formatBytes(item.resource.transferSize)} {t('panel.transferred', 'transferred')})
                </td>
              </tr>
            )}
            {open === i && !item.resource && (
              <tr>
                <td colSpan={6}>
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
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
