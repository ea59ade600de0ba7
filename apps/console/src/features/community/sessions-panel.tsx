import { type AttendanceStatus, attendanceStatuses, type SessionInput } from '@atrium/protocol/community';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Card, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { communityApi } from './community-api.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { formatTime } from './local-time.ts';
import { SessionForm } from './session-form.tsx';
import { useIsAdmin } from './use-is-admin.ts';

/** Sessions with their check-in windows; who checked in to each (admins mark it by hand), and as CSV. */
export function SessionsPanel({ classId }: { classId: string }) {
  const { t, i18n } = useTranslation();
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const key = ['community', 'sessions', classId];
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => communityApi.sessions(classId, signal) });
  const [open, setOpen] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const remove = useMutation({ mutationFn: communityApi.deleteSession, onSuccess: refresh });
  const add = useMutation({
    mutationFn: (body: SessionInput) => communityApi.addSession(classId, body),
    onSuccess: refresh,
  });
  // Not optimistic: the server checks the times against each other and orders by the window.
  const reschedule = useMutation({
    mutationFn: ({ id, body }: { id: string; body: SessionInput }) => communityApi.updateSession(id, body),
    onSuccess: async () => {
      setEditing(null);
      await refresh();
    },
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
              {editing === s.id ? (
                <SessionForm
                  initial={s}
                  idPrefix={`edit-session-${s.id}`}
                  testId="edit-session"
                  heading={t('community.sessions.edit', { title: s.title })}
                  submitLabel={t('community.save')}
                  pending={reschedule.isPending}
                  onSubmit={(body) => reschedule.mutateAsync({ id: s.id, body })}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <>
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
                      <>
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          aria-label={t('community.editItem', { name: s.title })}
                          onClick={() => setEditing(s.id)}
                        >
                          {t('community.edit')}
                        </Button>
                        <ConfirmButton
                          question={t('community.sessions.confirmDelete', { title: s.title })}
                          label={t('community.delete')}
                          onConfirm={() => remove.mutate(s.id)}
                        />
                      </>
                    )}
                  </div>
                </>
              )}
              {open === s.id && <AttendanceTable sessionId={s.id} />}
            </Card.Body>
          </Card>
        ))}
      </Col>
      {isAdmin && (
        <Col lg={4}>
          <SessionForm
            idPrefix="session"
            testId="new-session"
            heading={t('community.sessions.new')}
            submitLabel={t('community.sessions.schedule')}
            pending={add.isPending}
            onSubmit={(body) => add.mutateAsync(body)}
          />
        </Col>
      )}
    </Row>
  );
}

function AttendanceTable({ sessionId }: { sessionId: string }) {
  const { t, i18n } = useTranslation();
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const key = ['community', 'attendance', sessionId];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => communityApi.attendance(sessionId, signal),
  });
  // Not optimistic: the answer is the whole attendance again, counts included.
  const mark = useMutation({
    mutationFn: ({ userId, status }: { userId: string; status: AttendanceStatus }) =>
      communityApi.markAttendance(sessionId, userId, status),
    onSuccess: (a) => queryClient.setQueryData(key, a),
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
            <th scope="col">{t('community.sessions.status')}</th>
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
              <td>
                {isAdmin ? (
                  <Form.Select
                    size="sm"
                    className="w-auto d-inline-block"
                    aria-label={t('community.sessions.markFor', { name: r.nickname || r.email })}
                    value={r.status}
                    disabled={mark.isPending}
                    onChange={(e) =>
                      mark.mutate({ userId: r.user_id, status: e.target.value as AttendanceStatus })
                    }
                  >
                    {attendanceStatuses.map((st) => (
                      <option key={st} value={st}>
                        {t(`community.sessions.statuses.${st}`)}
                      </option>
                    ))}
                  </Form.Select>
                ) : (
                  t(`community.sessions.statuses.${r.status}`)
                )}
                {r.marked_by_staff && (
                  <span className="ms-2 small text-body-secondary">{t('community.sessions.byStaff')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {mark.error && (
        <p role="alert" className="text-danger small">
          {mark.error.message}
        </p>
      )}
    </div>
  );
}
