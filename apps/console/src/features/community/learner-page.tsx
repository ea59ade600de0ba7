import { type UserRole, userRole } from '@atrium/protocol/community';
import { showToast } from '@atrium/web/components/toasts.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Badge, Button, Card, Col, Form, ListGroup, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { communityApi } from './community-api.ts';
import { LearnerProgressSection } from './learner-progress-section.tsx';
import { formatTime } from './local-time.ts';
import { useIsAdmin } from './use-is-admin.ts';

/** /console/learners/{id}: who they are, their classes, tasks, check-ins, certificates and recordings. */
export function LearnerPage() {
  const { t, i18n } = useTranslation();
  const { userId = '' } = useParams();
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const key = ['community', 'learner', userId];
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => communityApi.learner(userId, signal) });
  const change = useMutation({
    mutationFn: (body: { disabled?: boolean; role?: UserRole }) => communityApi.changeLearner(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['community', 'learner'] }),
  });
  const resend = useMutation({
    mutationFn: () => communityApi.resendVerification(userId),
    onSuccess: () => showToast('success', t('community.learners.resent')),
  });
  if (!query.data) return <Spinner animation="border" role="status" aria-label={t('app.loading')} />;
  const l = query.data;
  const when = (iso: string | null) => formatTime(iso, i18n.language);
  return (
    <>
      <p className="mb-1">
        <Link to="/learners">{t('community.learners.back')}</Link>
      </p>
      <PageTitle>{l.nickname || l.email}</PageTitle>
      <p>
        {l.email} · {t(`community.roles.${l.role}`)}{' '}
        {l.disabled && <Badge bg="danger">{t('community.learners.disabled')}</Badge>}{' '}
        {!l.verified && (
          <Badge bg="warning" text="dark">
            {t('community.learners.unverified')}
          </Badge>
        )}
      </p>
      {isAdmin && (
        <div className="d-flex flex-wrap gap-2 align-items-end mb-4" data-testid="learner-actions">
          <Button
            variant={l.disabled ? 'success' : 'outline-danger'}
            onClick={() => change.mutate({ disabled: !l.disabled })}
          >
            {l.disabled ? t('community.learners.enable') : t('community.learners.disable')}
          </Button>
          {!l.verified && (
            <Button variant="outline-primary" onClick={() => resend.mutate()} disabled={resend.isPending}>
              {t('community.learners.resend')}
            </Button>
          )}
          <Form.Group controlId="learner-role">
            <Form.Label>{t('community.learners.role')}</Form.Label>
            <Form.Select
              value={l.role}
              onChange={(e) => change.mutate({ role: userRole.parse(e.target.value) })}
            >
              {userRole.options.map((r) => (
                <option key={r} value={r}>
                  {t(`community.roles.${r}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </div>
      )}
      <LearnerProgressSection userId={userId} />
      <Row className="g-4">
        <Col lg={6}>
          <Section title={t('community.learners.classes')}>
            {l.classes.map((c) => (
              <ListGroup.Item key={c.id}>
                <Link to={`/classes/${c.id}`}>{c.name}</Link>
              </ListGroup.Item>
            ))}
          </Section>
          <Section title={t('community.learners.tasks')}>
            {l.tasks.map((task) => (
              <ListGroup.Item key={task.id}>
                {task.title} · {task.class_name} ·{' '}
                {task.completed_at
                  ? t('community.tasks.completedAt', { at: when(task.completed_at) })
                  : t('community.tasks.acceptedAt', { at: when(task.accepted_at) })}
              </ListGroup.Item>
            ))}
          </Section>
          <Section title={t('community.learners.certificates')}>
            {l.certificates.map((c) => (
              <ListGroup.Item key={c.id}>
                {c.class_name} {c.revoked && <Badge bg="danger">{t('community.certificates.revoked')}</Badge>}
              </ListGroup.Item>
            ))}
          </Section>
        </Col>
        <Col lg={6}>
          <Section title={t('community.learners.checkIns')}>
            {l.check_ins.map((c) => (
              <ListGroup.Item key={c.session_id}>
                {c.title} · {c.class_name} · {when(c.checked_in_at)}
              </ListGroup.Item>
            ))}
          </Section>
          <Section title={t('community.learners.recordings')}>
            {l.recordings.map((r) => (
              <ListGroup.Item key={r.id}>
                <Link to={`/sessions/${encodeURIComponent(r.id)}`}>
                  {t('community.learners.replay', { at: when(r.started_at) })}
                </Link>
              </ListGroup.Item>
            ))}
          </Section>
          <p>
            <Link to={`/learners/${encodeURIComponent(userId)}/sessions`}>
              {t('community.learners.allRecordings')}
            </Link>
          </p>
        </Col>
      </Row>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode[] }) {
  const { t } = useTranslation();
  return (
    <Card className="mb-3">
      <Card.Header>
        <h2 className="h6 mb-0">{title}</h2>
      </Card.Header>
      <ListGroup variant="flush">
        {children.length ? (
          children
        ) : (
          <ListGroup.Item className="text-body-secondary">{t('community.none')}</ListGroup.Item>
        )}
      </ListGroup>
    </Card>
  );
}
