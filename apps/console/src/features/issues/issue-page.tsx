import { useQuery } from '@tanstack/react-query';
import { Alert, ListGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { formatWhen, issuesApi, momentLink } from './issues-api.ts';
import { Sparkline } from './sparkline.tsx';

/** /console/issues/:fingerprint — one issue and its newest occurrences, each opening its replay at the moment. */
export function IssuePage() {
  const { t, i18n } = useTranslation();
  const { fingerprint = '' } = useParams();
  const detail = useQuery({
    queryKey: ['issue', fingerprint],
    queryFn: ({ signal }) => issuesApi.detail(fingerprint, signal),
  });
  if (detail.isError) return <Alert variant="danger">{t('issues.notFound')}</Alert>;
  if (!detail.data)
    return (
      <Spinner animation="border" role="status">
        <span className="visually-hidden">{t('app.loading')}</span>
      </Spinner>
    );
  const { issue, occurrences } = detail.data;
  return (
    <>
      <p className="small mb-1">
        <Link to="/issues">{t('issues.back')}</Link>
      </p>
      <PageTitle className="h4 mb-1 text-break">{`${issue.name}: ${issue.message}`}</PageTitle>
      {issue.frame && (
        <p className="small font-monospace text-body-secondary text-break mb-1">{issue.frame}</p>
      )}
      <div className="d-flex flex-wrap align-items-center gap-3 small text-body-secondary mb-3">
        <span>
          {t('issues.stats', { count: issue.count, sessions: issue.sessions, learners: issue.learners })}
        </span>
        <span>
          {t('issues.seen', {
            first: formatWhen(issue.first_seen, i18n.language),
            last: formatWhen(issue.last_seen, i18n.language),
          })}
        </span>
        <Sparkline
          counts={issue.sparkline}
          label={t('issues.perDay', { counts: issue.sparkline.join(', ') })}
        />
      </div>
      <h2 className="h6">{t('issues.occurrences')}</h2>
      <ListGroup data-testid="issue-occurrences">
        {occurrences.map((o) => (
          <ListGroup.Item key={`${o.session_id}-${o.tab_id}-${o.at}`} className="d-flex flex-wrap gap-2">
            <Link to={momentLink(o)} className="text-nowrap">
              {t('issues.openMoment', { when: formatWhen(o.at, i18n.language) })}
            </Link>
            <span>{o.learner_nickname ?? o.learner_email ?? t('issues.anonymous')}</span>
            <span className="text-body-secondary text-break">{o.message}</span>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </>
  );
}
