import type { CalendarFeed } from '@atrium/protocol/training';
import { useCurrentUser } from '@atrium/web/app/session.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { formatDate, formatDateTime } from '../../i18n/dates.ts';
import { TaskGroups } from '../tasks/task-groups.tsx';
import { useBoardContext } from './board-layout.tsx';
import { setPreviewMode } from './preview-status.ts';
import { ProgressMeter } from './progress-meter.tsx';
import { taskKeys, trainingApi, trainingKeys } from './training-api.ts';

/** The board's own page: progress, this class's tasks, what is coming up, links and certificates. */
export function BoardHome() {
  const { t } = useTranslation();
  const { cls, preview } = useBoardContext();
  const user = useCurrentUser();
  const id = cls.id;
  const board = useQuery({
    queryKey: taskKeys.classBoard(id, preview),
    queryFn: ({ signal }) => trainingApi.classBoard(id, preview, signal),
  });
  const progress = useQuery({
    queryKey: ['tasks', 'progress', id],
    queryFn: ({ signal }) => trainingApi.classProgress(id, signal),
  });
  const calendar = useQuery({
    queryKey: trainingKeys.calendar(id),
    queryFn: ({ signal }) => trainingApi.calendar(id, signal),
  });
  const links = useQuery({
    queryKey: trainingKeys.links(id),
    queryFn: ({ signal }) => trainingApi.links(id, signal),
  });
  const certificates = useQuery({
    queryKey: trainingKeys.certificates(id),
    queryFn: ({ signal }) => trainingApi.certificates(id, signal),
  });
  const now = Date.now();
  const upcoming = (calendar.data?.events ?? []).filter((e) => Date.parse(e.ends_at) >= now).slice(0, 5);

  return (
    <>
      <PageTitle>{cls.name}</PageTitle>
      <p className="text-body-secondary">{cls.description}</p>
      <div className="d-flex flex-wrap gap-2 mb-4">
        <Link to={`/training/${id}`} className="btn btn-primary btn-sm">
          {t('training.checkIn')}
        </Link>
        <Link to={`/training/${id}/welcome`} className="btn btn-outline-secondary btn-sm">
          {t('training.welcome')}
        </Link>
        {user.role !== 'learner' && !preview && (
          <Button
            variant="outline-warning"
            size="sm"
            onClick={() => setPreviewMode(true)}
            data-testid="enter-preview"
          >
            {t('training.preview.enter')}
          </Button>
        )}
      </div>

      {progress.data && (
        <section className="mb-4" aria-labelledby="board-progress">
          <h2 id="board-progress" className="h5">
            {t('training.board.progress')}
          </h2>
          <ProgressMeter percent={progress.data.percent} label={t('training.board.progress')} />
          <p className="small text-body-secondary mt-1" data-testid="class-progress">
            {t('training.board.progressText', progress.data)}
          </p>
        </section>
      )}

      <section className="mb-4" aria-labelledby="board-tasks">
        <h2 id="board-tasks" className="h5 visually-hidden">
          {t('training.board.tasks')}
        </h2>
        {board.data && (
          <TaskGroups
            board={board.data}
            groups={['available', 'accepted', 'completed', 'expired']}
            showClass={false}
            preview={preview}
          />
        )}
      </section>

      <div className="row g-3">
        <section className="col-12 col-lg-6" aria-labelledby="board-calendar">
          <Card>
            <Card.Body>
              <h2 id="board-calendar" className="h5">
                {t('training.board.upcoming')}
              </h2>
              {upcoming.length === 0 ? (
                <p className="small text-body-secondary">{t('training.board.nothingUpcoming')}</p>
              ) : (
                <ul className="list-unstyled mb-3">
                  {upcoming.map((e) => (
                    <li key={e.id} className="mb-1">
                      <span className="badge text-bg-light me-2">{t(`training.event.${e.kind}`)}</span>
                      {formatDateTime(e.starts_at)} {e.title}
                    </li>
                  ))}
                </ul>
              )}
              <CalendarSubscribe />
            </Card.Body>
          </Card>
        </section>
        <section className="col-12 col-lg-6" aria-labelledby="board-links">
          <Card>
            <Card.Body>
              <h2 id="board-links" className="h5">
                {t('training.board.links')}
              </h2>
              {links.data?.items.length === 0 && (
                <p className="small text-body-secondary">{t('training.board.noLinks')}</p>
              )}
              <ul className="mb-3">
                {links.data?.items.map((l) => (
                  <li key={l.id}>
                    <a href={l.url} target="_blank" rel="noopener noreferrer">
                      {l.title}
                    </a>
                    {l.description && <span className="small text-body-secondary">：{l.description}</span>}
                  </li>
                ))}
              </ul>
              <h2 className="h5">{t('training.board.certificates')}</h2>
              {certificates.data?.items.length === 0 && (
                <p className="small text-body-secondary">{t('training.board.noCertificates')}</p>
              )}
              <ul className="mb-0">
                {certificates.data?.items.map((c) => (
                  <li key={c.id} data-testid="certificate">
                    <Link to={`/certificates/${c.verification_id}`}>
                      {t('training.board.certificateLink', { date: formatDate(c.issued_at) })}
                    </Link>
                  </li>
                ))}
              </ul>
            </Card.Body>
          </Card>
        </section>
      </div>
    </>
  );
}

/** A calendar app cannot send our cookies, so it gets a secret address; a new one replaces the old. */
function CalendarSubscribe() {
  const { t } = useTranslation();
  const [feed, setFeed] = useState<CalendarFeed | null>(null);
  const rotate = useMutation({ mutationFn: trainingApi.rotateCalendarFeed, onSuccess: setFeed });
  return (
    <div>
      <Button size="sm" variant="outline-primary" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
        {feed ? t('training.calendar.renew') : t('training.calendar.subscribe')}
      </Button>
      {feed && (
        <Form.Group className="mt-2" controlId="calendar-feed-url">
          <Form.Label className="small">{t('training.calendar.urlLabel')}</Form.Label>
          <Form.Control
            readOnly
            value={feed.url}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="calendar-feed-url"
          />
          <Form.Text>{t('training.calendar.hint')}</Form.Text>
        </Form.Group>
      )}
    </div>
  );
}
