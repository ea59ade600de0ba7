import { useEffect, useState } from 'react';
import { Badge, Form, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { type LiveFilter, useLiveSessions } from './use-live-sessions.ts';

/** A clock for durations shown live (time on page). */
function useNow(everyMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** m:ss (h:mm:ss from an hour on). */
function duration(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * /console/live: learners whose page is open now, newest first; a row opens the live view. The learner is
 * the one the server recorded for the session (name, e-mail), never the page's own claim.
 */
export function LiveSessionsPage() {
  const { t } = useTranslation();
  const now = useNow(1000);
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
              <th>{t('live.onPage')}</th>
              <th>{t('live.tabs')}</th>
              <th>{t('live.agents')}</th>
              <th>{t('live.since')}</th>
            </tr>
          </thead>
          <tbody>
            {sessions.data.map((s) => (
              <tr key={s.sessionId} data-testid="live-row">
                <td>
                  <Link to={`/assist/${encodeURIComponent(s.projectKey)}/${s.sessionId}`}>
                    {s.learner ? s.learner.name || s.learner.email : t('live.anonymous')}
                  </Link>{' '}
                  <Badge bg={s.active ? 'success' : 'secondary'}>
                    {s.active ? t('live.active') : t('live.inactive')}
                  </Badge>
                  {s.learner && <div className="small text-body-secondary">{s.learner.email}</div>}
                </td>
                <td>
                  <div>{s.pageTitle || t('live.untitled')}</div>
                  {s.url && <div className="small text-body-secondary text-break">{s.url}</div>}
                </td>
                <td>
                  <span title={t('live.onPageSince', { time: new Date(s.pageSince).toLocaleTimeString() })}>
                    {duration(now - Date.parse(s.pageSince))}
                  </span>
                </td>
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
