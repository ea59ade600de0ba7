import { sessionInput } from '@atrium/protocol/community';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Card, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { communityApi } from './community-api.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { fieldErrors } from './field-errors.ts';
import { formatTime, localToIso } from './local-time.ts';
import { useIsAdmin } from './use-is-admin.ts';

const fields = ['starts_at', 'ends_at', 'check_in_opens_at', 'check_in_closes_at'] as const;
type Field = (typeof fields)[number];

/** Sessions with their check-in windows; who checked in to each, and the same as CSV. */
export function SessionsPanel({ classId }: { classId: string }) {
  const { t, i18n } = useTranslation();
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const key = ['community', 'sessions', classId];
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => communityApi.sessions(classId, signal) });
  const [open, setOpen] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: communityApi.deleteSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  if (!query.data) return <Spinner animation="border" role="status" aria-label={t('app.loading')} />;
  return (
    <Row className="g-4">
      <Col lg={isAdmin ? 8 : 12}>
        {query.data.items.length === 0 && (
          <p className="text-body-secondary">{t('community.sessions.empty')}</p>
        )}
        {query.data.items.map((s) => (
          <Card key={s.id} className="mb-3" data-testid="session-card">
            <Card.Body>
              <h2 className="h6">{s.title}</h2>
              <p className="mb-1 small">
                {t('community.sessions.when', {
                  start: formatTime(s.starts_at, i18n.language),
                  end: formatTime(s.ends_at, i18n.language),
                })}
              </p>
              <p className="small">
                {t('community.sessions.window', {
                  open: formatTime(s.check_in_opens_at, i18n.language),
                  close: formatTime(s.check_in_closes_at, i18n.language),
                })}
              </p>
              <div className="d-flex gap-2">
                <Button
                  size="sm"
                  variant="outline-primary"
                  onClick={() => setOpen(open === s.id ? null : s.id)}
                  aria-expanded={open === s.id}
                >
                  {t('community.sessions.attendance')}
                </Button>
                <a
                  className="btn btn-sm btn-outline-secondary"
                  href={communityApi.attendanceCsvUrl(s.id)}
                  download
                >
                  {t('community.sessions.csv')}
                </a>
                {isAdmin && (
                  <ConfirmButton
                    question={t('community.sessions.confirmDelete', { title: s.title })}
                    label={t('community.delete')}
                    onConfirm={() => remove.mutate(s.id)}
                  />
                )}
              </div>
              {open === s.id && <AttendanceTable sessionId={s.id} />}
            </Card.Body>
          </Card>
        ))}
      </Col>
      {isAdmin && (
        <Col lg={4}>
          <NewSession classId={classId} onDone={() => queryClient.invalidateQueries({ queryKey: key })} />
        </Col>
      )}
    </Row>
  );
}

function AttendanceTable({ sessionId }: { sessionId: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['community', 'attendance', sessionId],
    queryFn: ({ signal }) => communityApi.attendance(sessionId, signal),
  });
  if (!query.data)
    return <Spinner animation="border" size="sm" role="status" aria-label={t('app.loading')} />;
  const a = query.data;
  return (
    <div className="mt-3" data-testid="attendance">
      <p>{t('community.sessions.checkedIn', { count: a.checked_in, members: a.members })}</p>
      <Table size="sm" responsive>
        <thead>
          <tr>
            <th scope="col">{t('community.members.email')}</th>
            <th scope="col">{t('community.members.nickname')}</th>
            <th scope="col">{t('community.sessions.checkedInAt')}</th>
          </tr>
        </thead>
        <tbody>
          {a.rows.map((r) => (
            <tr key={r.user_id}>
              <td>{r.email}</td>
              <td>{r.nickname}</td>
              <td>
                {r.checked_in_at
                  ? formatTime(r.checked_in_at, i18n.language)
                  : t('community.sessions.absent')}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function NewSession({ classId, onDone }: { classId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [times, setTimes] = useState<Record<Field, string>>({
    starts_at: '',
    ends_at: '',
    check_in_opens_at: '',
    check_in_closes_at: '',
  });
  const [liveUrl, setLiveUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useMutation({
    mutationFn: (body: Parameters<typeof communityApi.addSession>[1]) =>
      communityApi.addSession(classId, body),
    onSuccess: () => {
      setTitle('');
      onDone();
    },
  });
  return (
    <Form
      noValidate
      data-testid="new-session"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = sessionInput.safeParse({
          title,
          ...Object.fromEntries(fields.map((f) => [f, localToIso(times[f])])),
          live_url: liveUrl.trim() || null,
        });
        if (!parsed.success) {
          setErrors(fieldErrors(parsed.error));
          return;
        }
        setErrors({});
        add.mutate(parsed.data);
      }}
    >
      <h2 className="h5">{t('community.sessions.new')}</h2>
      <Form.Group className="mb-2" controlId="session-title">
        <Form.Label>{t('community.sessions.title')}</Form.Label>
        <Form.Control
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          isInvalid={Boolean(errors.title)}
        />
        <Form.Control.Feedback type="invalid">{errors.title}</Form.Control.Feedback>
      </Form.Group>
      {fields.map((f) => (
        <Form.Group className="mb-2" controlId={`session-${f}`} key={f}>
          <Form.Label>{t(`community.sessions.${f}`)}</Form.Label>
          <Form.Control
            type="datetime-local"
            value={times[f]}
            onChange={(e) => setTimes({ ...times, [f]: e.target.value })}
            isInvalid={Boolean(errors[f])}
          />
          <Form.Control.Feedback type="invalid">{errors[f]}</Form.Control.Feedback>
        </Form.Group>
      ))}
      <Form.Group className="mb-3" controlId="session-live">
        <Form.Label>{t('community.sessions.liveUrl')}</Form.Label>
        <Form.Control
          type="url"
          value={liveUrl}
          onChange={(e) => setLiveUrl(e.target.value)}
          isInvalid={Boolean(errors.live_url)}
        />
        <Form.Control.Feedback type="invalid">{errors.live_url}</Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" disabled={add.isPending}>
        {t('community.sessions.schedule')}
      </Button>
    </Form>
  );
}
