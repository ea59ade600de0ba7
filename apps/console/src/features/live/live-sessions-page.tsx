import { useState } from 'react';
import { Badge, Form, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { type LiveFilter, useLiveSessions } from './use-live-sessions.ts';

/** /console/live: learners whose page is open now, newest first; a row opens the live view. */
export function LiveSessionsPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<LiveFilter>({});
  const sessions = useLiveSessions(filter);
  return (
    <>
      <PageTitle>{t('live.title')}</PageTitle>
      <Form className="d-flex gap-2 mb-3" onSubmit={(e) => e.preventDefault()}>
        <Form.Control
          type="search"
          aria-label={t('live.search')}
          placeholder={t('live.search')}
          maxLength={200}
          onChange={(e) => setFilter((f) => ({ ...f, q: e.target.value.trim() || undefined }))}
        />
        <Form.Select
          aria-label={t('live.activeFilter')}
          style={{ maxWidth: 200 }}
          onChange={(e) =>
            setFilter((f) => ({ ...f, active: (e.target.value || undefined) as LiveFilter['active'] }))
          }
        >
          <option value="">{t('live.all')}</option>
          <option value="1">{t('live.active')}</option>
          <option value="0">{t('live.inactive')}</option>
        </Form.Select>
      </Form>
      {sessions.isPending ? (
        <Spinner animation="border" role="status" aria-label={t('live.loading')} />
      ) : sessions.isError ? (
        <p role="alert">{t('live.error')}</p>
      ) : sessions.data.length === 0 ? (
        <p>{t('live.empty')}</p>
      ) : (
        <Table hover responsive>
          <thead>
            <tr>
              <th>{t('live.learner')}</th>
              <th>{t('live.page')}</th>
              <th>{t('live.tabs')}</th>
              <th>{t('live.agents')}</th>
              <th>{t('live.since')}</th>
            </tr>
          </thead>
          <tbody>
            {sessions.data.map((s) => (
              <tr key={s.sessionId}>
                <td>
                  <Link to={`/assist/${encodeURIComponent(s.projectKey)}/${s.sessionId}`}>
                    {s.userId ?? s.userUuid ?? s.sessionId}
                  </Link>{' '}
                  <Badge bg={s.active ? 'success' : 'secondary'}>
                    {s.active ? t('live.active') : t('live.inactive')}
                  </Badge>
                </td>
                <td>{s.pageTitle || s.url}</td>
                <td>{s.tabs}</td>
                <td>{s.agents}</td>
                <td>{new Date(s.connectedAt).toLocaleTimeString()}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
