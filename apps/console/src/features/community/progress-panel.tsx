import type { ClassProgressReport, ProgressSort } from '@atrium/protocol/progress';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTaipei } from '../../components/taipei-time.ts';
import { progressApi } from './progress-api.ts';
import { AttendanceMark, ProgressState } from './progress-state.tsx';
import './progress-panel.css';

type Order = 'asc' | 'desc';
// Figures read best largest first; names A to Z.
const firstOrder = (sort: ProgressSort): Order => (sort === 'name' ? 'asc' : 'desc');

/**
 * The class's 進度 tab (ADR 0062): every learner × published task (state, points, last activity) and each
 * session's attendance, sorted on the server, with the same order as a CSV download. The matrix scrolls
 * sideways inside its frame with the learner column held, so it works at 375 px and for hundreds of rows.
 */
export function ProgressPanel({ classId }: { classId: string }) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<ProgressSort>('name');
  const [order, setOrder] = useState<Order>('asc');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['community', 'progress', classId, sort, order, page],
    queryFn: ({ signal }) => progressApi.classReport(classId, { sort, order, page }, signal),
    placeholderData: keepPreviousData,
  });
  if (!query.data) return <Spinner animation="border" role="status" aria-label={t('app.loading')} />;
  const r = query.data;
  const sortBy = (next: ProgressSort) => {
    setOrder(next === sort ? (order === 'asc' ? 'desc' : 'asc') : firstOrder(next));
    setSort(next);
    setPage(1);
  };
  const pages = Math.max(1, Math.ceil(r.total / r.page_size));
  return (
    <div>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="progress-heading" className="h5 mb-0">
          {t('community.progress.title')}
        </h2>
        <span className="text-body-secondary small" data-testid="progress-summary">
          {t('community.progress.summary', {
            learners: r.total,
            tasks: r.tasks.length,
            held: r.sessions_held,
            sessions: r.sessions.length,
          })}
        </span>
        <a
          className="btn btn-sm btn-outline-secondary ms-auto"
          href={progressApi.classCsvUrl(classId, sort, order)}
          download
        >
          {t('community.progress.csv')}
        </a>
      </div>
      <p className="small text-body-secondary">{t('community.progress.timesInTaipei')}</p>
      {r.total === 0 ? (
        <p className="text-body-secondary">{t('community.progress.empty')}</p>
      ) : (
        <Matrix report={r} sort={sort} order={order} onSort={sortBy} locale={i18n.language} />
      )}
      {pages > 1 && (
        <nav className="d-flex align-items-center gap-2 mt-2" aria-label={t('community.progress.pages')}>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('community.progress.previous')}
          </Button>
          <span>{t('community.progress.page', { page, pages })}</span>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('community.progress.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}

function Matrix({
  report: r,
  sort,
  order,
  onSort,
  locale,
}: {
  report: ClassProgressReport;
  sort: ProgressSort;
  order: Order;
  onSort: (s: ProgressSort) => void;
  locale: string;
}) {
  const { t } = useTranslation();
  const when = (iso: string | null) => formatTaipei(iso, locale);
  const sortable = (by: ProgressSort, label: string, className?: string) => (
    <th
      scope="col"
      className={className}
      aria-sort={sort === by ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <Button variant="link" size="sm" className="p-0 fw-semibold text-nowrap" onClick={() => onSort(by)}>
        {label}
        {sort === by && <span aria-hidden="true">{order === 'asc' ? ' ▲' : ' ▼'}</span>}
      </Button>
    </th>
  );
  return (
    // A focusable frame: keyboard users scroll the matrix sideways with the arrow keys.
    <section
      className="progress-matrix border rounded"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable)
      tabIndex={0}
      aria-labelledby="progress-heading"
    >
      <Table size="sm" hover className="small" data-testid="progress-matrix">
        <caption className="visually-hidden">{t('community.progress.caption')}</caption>
        <thead>
          <tr>
            {sortable('name', t('community.progress.learner'), 'progress-learner')}
            {sortable('points', t('community.progress.points'))}
            {sortable('completion', t('community.progress.completion'))}
            {sortable('attendance', t('community.progress.attended'))}
            {sortable('activity', t('community.progress.lastActivity'))}
            {r.tasks.map((task) => (
              <th key={task.id} scope="col" title={t('community.progress.due', { at: when(task.due_at) })}>
                {task.title}
              </th>
            ))}
            {r.sessions.map((s) => (
              <th key={s.id} scope="col">
                {s.title}
                <div className="fw-normal text-body-secondary">{when(s.starts_at)}</div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {r.rows.map((row) => (
            <tr key={row.user_id} data-testid="progress-row">
              <th scope="row" className="progress-learner text-truncate">
                <Link to={`/learners/${row.user_id}`}>{row.nickname || row.email}</Link>
                <div className="fw-normal text-body-secondary text-truncate">{row.email}</div>
              </th>
              <td>{t('community.progress.pointsOf', { points: row.points, total: r.points_total })}</td>
              <td>{t('community.progress.of', { n: row.completed, total: r.tasks.length })}</td>
              <td>{t('community.progress.of', { n: row.attended, total: r.sessions_held })}</td>
              <td>{when(row.last_activity_at)}</td>
              {row.cells.map((cell) => (
                <td key={cell.task_id}>
                  <ProgressState state={cell.state} review={cell.review_state} />
                  {cell.points > 0 && (
                    <span className="ms-1">
                      {t('community.progress.pointsShort', { points: cell.points })}
                    </span>
                  )}
                  {cell.last_activity_at && (
                    <div className="text-body-secondary">{when(cell.last_activity_at)}</div>
                  )}
                </td>
              ))}
              {row.attendance.map((a, i) => (
                <td key={a.session_id}>
                  <AttendanceMark status={a.status} startsAt={r.sessions[i]!.starts_at} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}
