import { useCurrentUser } from '@atrium/web/app/session.ts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card, Col, ListGroup, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { formatTaipei, formatTaipeiClock } from '../../components/taipei-time.ts';
import { homeApi } from './home-api.ts';

// The home is a glance: refresh the blocks every 30 s while it is open.
const refetchInterval = 30_000;

/**
 * /console/: where a sign-in lands (ADR 0062) — today's class sessions, the review queue, learners online and
 * recent errors, each linking to its screen and each with its own empty and failed state. What staff may not
 * read the server refuses, and the block says so.
 */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const today = useQuery({
    queryKey: ['home', 'today'],
    queryFn: ({ signal }) => homeApi.todaySessions(signal),
    refetchInterval,
  });
  const reviews = useQuery({
    queryKey: ['home', 'reviews'],
    queryFn: ({ signal }) => homeApi.reviews(signal),
    refetchInterval,
  });
  const online = useQuery({
    queryKey: ['home', 'online'],
    queryFn: ({ signal }) => homeApi.online(signal),
    refetchInterval,
  });
  const errors = useQuery({
    queryKey: ['home', 'errors'],
    queryFn: ({ signal }) => homeApi.recentErrors(signal),
    refetchInterval,
  });
  const lng = i18n.language;
  const learners = online.data
    ? [...new Map(online.data.list.flatMap((s) => (s.learner ? [[s.learner.id, s] as const] : []))).values()]
    : [];
  return (
    <>
      <PageTitle>{t('home.title')}</PageTitle>
      <p>{t('home.welcome', { name: user.nickname || user.email })}</p>
      <Row className="g-3">
        <Col lg={6}>
          <Block
            id="home-today"
            title={today.data ? t('home.today.titleOn', { date: today.data.date }) : t('home.today.title')}
            query={today}
            empty={t('home.today.empty')}
            count={today.data?.items.length}
          >
            {today.data?.items.map((s) => (
              <ListGroup.Item key={s.id} data-testid="home-session">
                <span className="fw-semibold me-2">
                  {formatTaipeiClock(s.starts_at, lng)}–{formatTaipeiClock(s.ends_at, lng)}
                </span>
                <Link to={`/classes/${s.class_id}`}>{s.class_name}</Link> · {s.title}
                <div className="small text-body-secondary">
                  {t('home.today.checkedIn', { checked: s.checked_in, members: s.members })}
                </div>
              </ListGroup.Item>
            ))}
          </Block>
        </Col>
        <Col lg={6}>
          <Block
            id="home-reviews"
            title={t('home.reviews.title')}
            query={reviews}
            empty={t('home.reviews.empty')}
            count={reviews.data?.pending}
            lead={
              reviews.data && reviews.data.pending > 0
                ? t('home.reviews.pending', { count: reviews.data.pending })
                : undefined
            }
          >
            {reviews.data?.oldest.map((r) => (
              <ListGroup.Item key={r.id} data-testid="home-review">
                <Link to={`/classes/${r.class_id}?tab=reviews`}>
                  {r.task_title} · {r.learner}
                </Link>
                <div className="small text-body-secondary">
                  {t('home.reviews.since', { name: r.class_name, at: formatTaipei(r.submitted_at, lng) })}
                </div>
              </ListGroup.Item>
            ))}
          </Block>
        </Col>
        <Col lg={6}>
          <Block
            id="home-online"
            title={t('home.online.title')}
            query={online}
            empty={t('home.online.empty')}
            count={learners.length}
            lead={learners.length ? t('home.online.count', { count: learners.length }) : undefined}
            more={{ to: '/live', label: t('home.online.all') }}
          >
            {learners.slice(0, 5).map((s) => (
              <ListGroup.Item key={s.sessionId}>
                <Link to={`/assist/${encodeURIComponent(s.projectKey)}/${encodeURIComponent(s.sessionId)}`}>
                  {s.learner?.name || s.learner?.email}
                </Link>
                <div className="small text-body-secondary text-truncate">{s.pageTitle || s.url}</div>
              </ListGroup.Item>
            ))}
          </Block>
        </Col>
        <Col lg={6}>
          <Block
            id="home-errors"
            title={t('home.errors.title')}
            query={errors}
            empty={t('home.errors.empty')}
            count={errors.data?.issues.length}
            more={{ to: '/issues', label: t('home.errors.all') }}
          >
            {errors.data?.issues.map((issue) => (
              <ListGroup.Item key={issue.fingerprint}>
                <Link to={`/issues/${issue.fingerprint}`} className="text-break">
                  {issue.name}: {issue.message}
                </Link>
                <div className="small text-body-secondary">
                  {t('home.errors.seen', { count: issue.count, at: formatTaipei(issue.last_seen, lng) })}
                </div>
              </ListGroup.Item>
            ))}
          </Block>
        </Col>
      </Row>
    </>
  );
}

function Block({
  id,
  title,
  query,
  empty,
  count,
  lead,
  more,
  children,
}: {
  id: string;
  title: string;
  query: UseQueryResult<unknown>;
  empty: string;
  count: number | undefined;
  lead?: string;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (query.isError) body = <Card.Body className="text-body-secondary">{t('home.failed')}</Card.Body>;
  else if (!query.data)
    body = (
      <Card.Body>
        <Spinner animation="border" size="sm" role="status" aria-label={t('app.loading')} />
      </Card.Body>
    );
  else if (!count) body = <Card.Body className="text-body-secondary">{empty}</Card.Body>;
  else
    body = (
      <>
        {lead && <Card.Body className="pb-0 fw-semibold">{lead}</Card.Body>}
        <ListGroup variant="flush">{children}</ListGroup>
      </>
    );
  return (
    <Card as="section" aria-labelledby={id} className="h-100" data-testid={id}>
      <Card.Header>
        <h2 id={id} className="h6 mb-0">
          {title}
        </h2>
      </Card.Header>
      {body}
      {more && (
        <Card.Body className="pt-0 small">
          <Link to={more.to}>{more.label}</Link>
        </Card.Body>
      )}
    </Card>
  );
}
