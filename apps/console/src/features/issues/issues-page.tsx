import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Form, ListGroup, Pagination, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { formatWhen, issuesApi } from './issues-api.ts';
import { Sparkline } from './sparkline.tsx';

const PERIODS = [1, 7, 14, 30, 90] as const;

/** /console/issues — exceptions grouped by fingerprint, the most recently seen first. */
export function IssuesPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const days = PERIODS.find((d) => String(d) === params.get('days')) ?? 14;
  const page = Number(params.get('page')) || 1;
  const list = useQuery({
    queryKey: ['issues', days, page],
    queryFn: ({ signal }) => issuesApi.list({ days, page, page_size: 20 }, signal),
    placeholderData: keepPreviousData,
  });
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-end gap-2 mb-3">
        <PageTitle className="h4 mb-0">{t('issues.title')}</PageTitle>
        <Form.Group controlId="issues-days">
          <Form.Label className="small mb-1">{t('issues.period')}</Form.Label>
          <Form.Select size="sm" value={days} onChange={(e) => set('days', e.target.value)}>
            {PERIODS.map((d) => (
              <option key={d} value={d}>
                {t('issues.days', { count: d })}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      {list.isError && <Alert variant="danger">{t('issues.loadFailed')}</Alert>}
      {list.isPending && (
        <Spinner animation="border" role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
        </Spinner>
      )}
      {list.data?.issues.length === 0 && <p className="text-body-secondary">{t('issues.empty')}</p>}
      {list.data && list.data.issues.length > 0 && (
        <ListGroup data-testid="issues-list">
          {list.data.issues.map((issue) => (
            <ListGroup.Item key={issue.fingerprint} className="d-flex flex-wrap gap-2 align-items-center">
              <div className="flex-grow-1" style={{ minWidth: 0 }}>
                <Link to={`/issues/${issue.fingerprint}`} className="fw-semibold text-break">
                  {issue.name}: {issue.message}
                </Link>
                {issue.frame && (
                  <div className="small font-monospace text-body-secondary text-break">{issue.frame}</div>
                )}
                <div className="small text-body-secondary">
                  {t('issues.stats', {
                    count: issue.count,
                    sessions: issue.sessions,
                    learners: issue.learners,
                  })}
                  {' · '}
                  {t('issues.seen', {
                    first: formatWhen(issue.first_seen, i18n.language),
                    last: formatWhen(issue.last_seen, i18n.language),
                  })}
                </div>
              </div>
              <Sparkline
                counts={issue.sparkline}
                label={t('issues.perDay', { counts: issue.sparkline.join(', ') })}
              />
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {pages > 1 && (
        <Pagination size="sm" className="mt-3" aria-label={t('issues.pages')}>
          {Array.from({ length: Math.min(pages, 10) }, (_, i) => i + 1).map((p) => (
            <Pagination.Item key={p} active={p === page} onClick={() => set('page', String(p))}>
              {p}
            </Pagination.Item>
          ))}
        </Pagination>
      )}
    </>
  );
}
