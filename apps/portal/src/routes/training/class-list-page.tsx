import type { ClassSummary } from '@atrium/protocol/training';
import { useQuery } from '@tanstack/react-query';
import { Card, Pagination, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { ProgressMeter } from './progress-meter.tsx';
import { trainingApi, trainingKeys } from './training-api.ts';

/** /training: my live classes, ten a page (?page=n). */
export function ClassListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = useQuery({
    queryKey: trainingKeys.classes(page),
    queryFn: ({ signal }) => trainingApi.classes(page, signal),
  });
  const pages = query.data
    ? Math.max(1, Math.ceil(query.data.pagination.total / query.data.pagination.page_size))
    : 1;

  return (
    <>
      <PageTitle>{t('training.listTitle')}</PageTitle>
      {query.isPending && <Spinner animation="border" role="status" aria-label={t('app.loading')} />}
      {query.data?.items.length === 0 && <p>{t('training.noClasses')}</p>}
      <div className="row g-3">
        {query.data?.items.map((cls) => (
          <div key={cls.id} className="col-12 col-lg-6">
            <ClassCard cls={cls} />
          </div>
        ))}
      </div>
      {pages > 1 && (
        <nav aria-label={t('training.pagination')} className="mt-4">
          <Pagination>
            {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
              <Pagination.Item
                key={n}
                active={n === page}
                activeLabel={t('pagination.current')}
                onClick={() => setParams({ page: String(n) })}
              >
                {n}
              </Pagination.Item>
            ))}
          </Pagination>
        </nav>
      )}
    </>
  );
}

function ClassCard({ cls }: { cls: ClassSummary }) {
  const { t } = useTranslation();
  return (
    <Card className="h-100" data-testid="class-card">
      <Card.Body>
        <h2 className="h5">
          <Link to={`/training/${cls.id}/board`} className="text-decoration-none">
            {cls.name}
          </Link>
        </h2>
        <p className="text-body-secondary small">{cls.description}</p>
        <p className="small mb-2">
          {cls.next_session
            ? t('training.nextSession', {
                title: cls.next_session.title,
                at: formatDateTime(cls.next_session.starts_at),
              })
            : t('training.noNextSession')}
        </p>
        <div className="mb-3">
          <ProgressMeter
            percent={cls.progress.percent}
            label={t('training.progressLabel', { name: cls.name })}
          />
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Link to={`/training/${cls.id}`} className="btn btn-primary btn-sm">
            {t('training.checkIn')}
          </Link>
          <Link to={`/training/${cls.id}/welcome`} className="btn btn-outline-secondary btn-sm">
            {t('training.welcome')}
          </Link>
          <Link to={`/training/${cls.id}/board`} className="btn btn-outline-primary btn-sm">
            {t('training.enter')}
          </Link>
        </div>
      </Card.Body>
    </Card>
  );
}
