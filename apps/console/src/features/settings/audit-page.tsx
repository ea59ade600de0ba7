import { recordingAuditQuery } from '@atrium/protocol/recordings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button, Form, Pagination, Spinner, Tab, Table, Tabs } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { AUDIT_PAGE_SIZE, auditApi } from './audit-api.ts';

/** The audit's session filter, checked as the server checks it. */
const sessionId = recordingAuditQuery.shape.session_id;

function formatAt(iso: string, locale: string) {
  return new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium' });
}

/**
 * /console/settings/audit (admins): who read which recording and when, each impersonation, and what changed
 * in the community.
 */
export function AuditPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('settings.audit.title')}</PageTitle>
      <Tabs defaultActiveKey="reads" id="audit-tabs" className="mb-3" mountOnEnter>
        <Tab eventKey="reads" title={t('settings.audit.reads')}>
          <RecordingReads />
        </Tab>
        <Tab eventKey="impersonation" title={t('settings.audit.impersonation')}>
          <Impersonations />
        </Tab>
        <Tab eventKey="changes" title={t('settings.audit.changes')}>
          <CommunityChanges />
        </Tab>
      </Tabs>
    </>
  );
}

function RecordingReads() {
  const { t, i18n } = useTranslation();
  // The filter lives in the address: a session's page can link to "who read this".
  const [params, setParams] = useSearchParams();
  const filter = params.get('session') ?? '';
  const page = Number(params.get('page')) || 1;
  const [draft, setDraft] = useState(filter);
  const [error, setError] = useState('');
  const query = useQuery({
    queryKey: ['audit', 'reads', filter, page],
    queryFn: ({ signal }) => auditApi.recordingReads({ page, session_id: filter || undefined }, signal),
    placeholderData: keepPreviousData,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim();
    if (value && !sessionId.safeParse(value).success) {
      setError(t('settings.audit.badSession'));
      return;
    }
    setError('');
    setParams(value ? { session: value } : {});
  };
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / AUDIT_PAGE_SIZE)) : 1;
  const goTo = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  };
  return (
    <>
      <Form
        noValidate
        onSubmit={submit}
        className="d-flex gap-2 align-items-start mb-3"
        style={{ maxWidth: 640 }}
      >
        <Form.Group controlId="audit-session" className="flex-grow-1">
          <Form.Label className="visually-hidden">{t('settings.audit.session')}</Form.Label>
          <Form.Control
            type="search"
            placeholder={t('settings.audit.session')}
            aria-label={t('settings.audit.session')}
            value={draft}
            maxLength={100}
            isInvalid={Boolean(error)}
            onChange={(e) => setDraft(e.target.value)}
          />
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </Form.Group>
        <Button type="submit">{t('settings.audit.filter')}</Button>
      </Form>
      {!query.data ? (
        <Spinner animation="border" role="status" aria-label={t('app.loading')} />
      ) : (
        <>
          <p className="small text-body-secondary" aria-live="polite">
            {t('settings.audit.total', { count: query.data.total })}
          </p>
          <Table responsive size="sm" className="bg-white" data-testid="audit-reads">
            <thead>
              <tr>
                <th scope="col">{t('settings.audit.at')}</th>
                <th scope="col">{t('settings.audit.staff')}</th>
                <th scope="col">{t('settings.audit.action')}</th>
                <th scope="col">{t('settings.audit.recording')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.entries.map((e) => (
                <tr key={`${e.at}-${e.staff_id}-${e.session_id}-${e.action}`}>
                  <td>{formatAt(e.at, i18n.language)}</td>
                  <td>{e.staff_email}</td>
                  <td>{t(`settings.audit.readAction.${e.action}`)}</td>
                  <td>
                    {e.action === 'delete' ? (
                      <code>{e.session_id}</code>
                    ) : (
                      <Link to={`/sessions/${e.session_id}`}>
                        <code>{e.session_id}</code>
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          {pages > 1 && (
            <Pagination size="sm" aria-label={t('settings.audit.pages')}>
              <Pagination.Prev disabled={page <= 1} onClick={() => goTo(page - 1)} />
              <Pagination.Item active>{page}</Pagination.Item>
              <Pagination.Next disabled={page >= pages} onClick={() => goTo(page + 1)} />
            </Pagination>
          )}
        </>
      )}
    </>
  );
}

function Impersonations() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['audit', 'impersonation', page],
    queryFn: ({ signal }) => auditApi.impersonations(page, signal),
    placeholderData: keepPreviousData,
  });
  if (!query.data) return <Spinner animation="border" role="status" aria-label={t('app.loading')} />;
  const pages = Math.max(1, Math.ceil(query.data.total / AUDIT_PAGE_SIZE));
  return (
    <>
      <Table responsive size="sm" className="bg-white" data-testid="audit-impersonation">
        <thead>
          <tr>
            <th scope="col">{t('settings.audit.at')}</th>
            <th scope="col">{t('settings.audit.action')}</th>
            <th scope="col">{t('settings.audit.admin')}</th>
            <th scope="col">{t('settings.audit.learner')}</th>
            <th scope="col">{t('settings.audit.ip')}</th>
            <th scope="col">{t('settings.audit.detail')}</th>
          </tr>
        </thead>
        <tbody>
          {query.data.entries.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a page of the trail never reorders
            <tr key={i}>
              <td>{formatAt(e.at, i18n.language)}</td>
              <td>{t(`settings.audit.impersonationAction.${e.action}`)}</td>
              <td>{e.admin_id ? <Link to={`/learners/${e.admin_id}`}>{e.admin_id}</Link> : '—'}</td>
              <td>{e.learner_id ? <Link to={`/learners/${e.learner_id}`}>{e.learner_id}</Link> : '—'}</td>
              <td>{e.ip}</td>
              <td className="small text-break">{e.detail}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {pages > 1 && (
        <Pagination size="sm" aria-label={t('settings.audit.pages')}>
          <Pagination.Prev disabled={page <= 1} onClick={() => setPage(page - 1)} />
          <Pagination.Item active>{page}</Pagination.Item>
          <Pagination.Next disabled={page >= pages} onClick={() => setPage(page + 1)} />
        </Pagination>
      )}
    </>
  );
}

function CommunityChanges() {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['audit', 'changes'],
    queryFn: ({ signal }) => auditApi.communityChanges(signal),
  });
  if (!query.data) return <Spinner animation="border" role="status" aria-label={t('app.loading')} />;
  return (
    <Table responsive size="sm" className="bg-white" data-testid="audit-changes">
      <thead>
        <tr>
          <th scope="col">{t('settings.audit.at')}</th>
          <th scope="col">{t('settings.audit.staff')}</th>
          <th scope="col">{t('settings.audit.action')}</th>
          <th scope="col">{t('settings.audit.target')}</th>
          <th scope="col">{t('settings.audit.status')}</th>
        </tr>
      </thead>
      <tbody>
        {query.data.items.map((e) => (
          <tr key={e.id}>
            <td>{formatAt(e.at, i18n.language)}</td>
            <td>{e.actor_email}</td>
            <td>
              <code>{e.action}</code>
            </td>
            <td className="small">
              {Object.entries(e.target)
                .map(([k, v]) => `${k}=${v}`)
                .join(' ')}
            </td>
            <td>{e.status}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
