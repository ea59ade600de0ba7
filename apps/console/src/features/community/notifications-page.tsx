import { type BroadcastInput, broadcastInput } from '@atrium/protocol/community';
import { notifyCategories } from '@atrium/protocol/notify';
import { showToast } from '@atrium/web/components/toasts.tsx';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, Button, Card, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title.tsx';
import { communityApi } from './community-api.ts';
import { fieldErrors } from './field-errors.ts';
import { formatTime, localToIso } from './local-time.ts';
import { useIsAdmin } from './use-is-admin.ts';

type Draft = {
  audience: BroadcastInput['audience'];
  target_id: string;
  title: string;
  body: string;
  category: BroadcastInput['category'];
  link: string;
  send_at: string;
  also_mail: boolean;
};

/** /console/notifications: compose to a learner, a class or everyone (now or later), and what was sent. */
export function NotificationsPage() {
  const { t, i18n } = useTranslation();
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const sent = useQuery({
    queryKey: ['community', 'broadcasts'],
    queryFn: ({ signal }) => communityApi.broadcasts(signal),
  });
  const cancel = useMutation({
    mutationFn: communityApi.cancelBroadcast,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['community', 'broadcasts'] }),
  });
  return (
    <>
      <PageTitle>{t('community.notify.title')}</PageTitle>
      <Row className="g-4">
        {isAdmin && (
          <Col lg={5}>
            <Compose
              onSent={() => queryClient.invalidateQueries({ queryKey: ['community', 'broadcasts'] })}
            />
          </Col>
        )}
        <Col lg={isAdmin ? 7 : 12}>
          <h2 className="h5">{t('community.notify.sent')}</h2>
          {!sent.data ? (
            <Spinner animation="border" role="status" aria-label={t('app.loading')} />
          ) : (
            <Table responsive size="sm" data-testid="broadcast-table">
              <thead>
                <tr>
                  <th scope="col">{t('community.notify.subject')}</th>
                  <th scope="col">{t('community.notify.audience')}</th>
                  <th scope="col">{t('community.notify.sendAt')}</th>
                  <th scope="col">{t('community.notify.reads')}</th>
                </tr>
              </thead>
              <tbody>
                {sent.data.items.map((b) => (
                  <tr key={b.id}>
                    <td>
                      {b.title}{' '}
                      {b.also_mail && (
                        <Badge bg="light" text="dark" data-testid="broadcast-mailed">
                          {t('community.notify.mailed')}
                        </Badge>
                      )}
                    </td>
                    <td>{t(`community.notify.to.${b.audience}`)}</td>
                    <td>
                      {formatTime(b.send_at, i18n.language)}{' '}
                      {!b.sent_at && (
                        <>
                          <Badge bg="info" text="dark">
                            {t('community.notify.scheduled')}
                          </Badge>
                          {isAdmin && (
                            <Button size="sm" variant="link" onClick={() => cancel.mutate(b.id)}>
                              {t('community.notify.cancel')}
                            </Button>
                          )}
                        </>
                      )}
                    </td>
                    <td data-testid="broadcast-reads">
                      {t('community.notify.readOf', { read: b.read, total: b.recipients })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Col>
      </Row>
    </>
  );
}

function Compose({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const empty: Draft = {
    audience: 'class',
    target_id: '',
    title: '',
    body: '',
    category: 'system',
    link: '',
    send_at: '',
    also_mail: false,
  };
  const [d, setD] = useState<Draft>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const classes = useQuery({
    queryKey: ['community', 'classes', false, ''],
    queryFn: ({ signal }) => communityApi.classes(false, '', signal),
  });
  // The picker searches every learner by name or e-mail (the server's learner search), 20 at a time; the one
  // picked stays listed while another search runs.
  const [who, setWho] = useState('');
  const [picked, setPicked] = useState<{ id: string; label: string } | null>(null);
  const learners = useQuery({
    queryKey: ['community', 'learners', 'pick', who.trim()],
    queryFn: ({ signal }) => communityApi.learners(who.trim(), 1, 'learner', signal),
    enabled: d.audience === 'user',
    placeholderData: keepPreviousData,
  });
  const learnerLabel = (l: { nickname?: string | null; email: string }) =>
    l.nickname ? `${l.nickname} <${l.email}>` : l.email;
  const found = learners.data?.items ?? [];
  const send = useMutation({
    mutationFn: communityApi.compose,
    onSuccess: (b) => {
      setD(empty);
      onSent();
      showToast(
        'success',
        b.sent_at
          ? t('community.notify.sentToast', { count: b.recipients })
          : t('community.notify.scheduledToast'),
      );
    },
  });
  const set = (patch: Partial<Draft>) => setD({ ...d, ...patch });
  return (
    <Card>
      <Card.Body>
        <h2 className="h5">{t('community.notify.compose')}</h2>
        <Form
          noValidate
          data-testid="compose"
          onSubmit={(e) => {
            e.preventDefault();
            const parsed = broadcastInput.safeParse({
              ...d,
              target_id: d.audience === 'all' ? null : d.target_id || null,
              link: d.link.trim() || null,
              send_at: d.send_at ? localToIso(d.send_at) : null,
            });
            if (!parsed.success) {
              setErrors(fieldErrors(parsed.error));
              return;
            }
            setErrors({});
            send.mutate(parsed.data);
          }}
        >
          <Form.Group className="mb-2" controlId="notify-audience">
            <Form.Label>{t('community.notify.audience')}</Form.Label>
            <Form.Select
              value={d.audience}
              onChange={(e) => set({ audience: e.target.value as Draft['audience'], target_id: '' })}
            >
              {(['class', 'user', 'all'] as const).map((a) => (
                <option key={a} value={a}>
                  {t(`community.notify.to.${a}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          {d.audience !== 'all' && (
            <Form.Group className="mb-2" controlId="notify-target">
              <Form.Label>
                {d.audience === 'class' ? t('community.notify.pickClass') : t('community.notify.pickLearner')}
              </Form.Label>
              {d.audience === 'user' && (
                <Form.Control
                  id="notify-learner-search"
                  type="search"
                  className="mb-1"
                  value={who}
                  maxLength={100}
                  placeholder={t('community.notify.searchLearner')}
                  aria-label={t('community.notify.searchLearner')}
                  data-testid="learner-search"
                  onChange={(e) => setWho(e.target.value)}
                />
              )}
              <Form.Select
                value={d.target_id}
                onChange={(e) => {
                  const l = found.find((x) => x.id === e.target.value);
                  if (l) setPicked({ id: l.id, label: learnerLabel(l) });
                  set({ target_id: e.target.value });
                }}
                isInvalid={Boolean(errors.target_id)}
              >
                <option value="">—</option>
                {d.audience === 'class' ? (
                  classes.data?.items.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))
                ) : (
                  <>
                    {picked && picked.id === d.target_id && !found.some((l) => l.id === picked.id) && (
                      <option value={picked.id}>{picked.label}</option>
                    )}
                    {found.map((l) => (
                      <option key={l.id} value={l.id}>
                        {learnerLabel(l)}
                      </option>
                    ))}
                  </>
                )}
              </Form.Select>
              {d.audience === 'user' && learners.data && (
                <Form.Text>
                  {t('community.notify.learnersFound', { shown: found.length, total: learners.data.total })}
                </Form.Text>
              )}
              <Form.Control.Feedback type="invalid">{errors.target_id}</Form.Control.Feedback>
            </Form.Group>
          )}
          <Form.Group className="mb-2" controlId="notify-category">
            <Form.Label>{t('community.notify.category')}</Form.Label>
            <Form.Select
              value={d.category}
              onChange={(e) => set({ category: e.target.value as Draft['category'] })}
            >
              {notifyCategories.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          {(['title', 'body', 'link'] as const).map((f) => (
            <Form.Group className="mb-2" controlId={`notify-${f}`} key={f}>
              <Form.Label>{t(`community.notify.field.${f}`)}</Form.Label>
              <Form.Control
                {...(f === 'body' ? { as: 'textarea' as const, rows: 4 } : {})}
                value={d[f]}
                onChange={(e) => set({ [f]: e.target.value })}
                isInvalid={Boolean(errors[f])}
              />
              <Form.Control.Feedback type="invalid">{errors[f]}</Form.Control.Feedback>
            </Form.Group>
          ))}
          <Form.Group className="mb-3" controlId="notify-send-at">
            <Form.Label>{t('community.notify.sendAt')}</Form.Label>
            <Form.Control
              type="datetime-local"
              value={d.send_at}
              onChange={(e) => set({ send_at: e.target.value })}
              isInvalid={Boolean(errors.send_at)}
            />
            <Form.Text className="text-body-secondary">{t('community.notify.sendAtHint')}</Form.Text>
            <Form.Control.Feedback type="invalid">{errors.send_at}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="notify-also-mail">
            <Form.Check
              type="checkbox"
              label={t('community.notify.alsoMail')}
              checked={d.also_mail}
              onChange={(e) => set({ also_mail: e.target.checked })}
              aria-describedby="notify-also-mail-hint"
            />
            <Form.Text id="notify-also-mail-hint" className="text-body-secondary">
              {t('community.notify.alsoMailHint')}
            </Form.Text>
          </Form.Group>
          <Card className="mb-3 bg-light" data-testid="notify-preview">
            <Card.Body>
              <p className="small text-body-secondary mb-1">{t('community.notify.preview')}</p>
              <p className="fw-semibold mb-1">{d.title || '—'}</p>
              <p className="mb-1" style={{ whiteSpace: 'pre-wrap' }}>
                {d.body}
              </p>
              {d.link && <span className="small text-break">{d.link}</span>}
            </Card.Body>
          </Card>
          <Button type="submit" disabled={send.isPending}>
            {d.send_at ? t('community.notify.schedule') : t('community.notify.send')}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
