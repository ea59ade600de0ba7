import { useEffect, useState } from 'react';
import { Badge, Button, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { MULTIVIEW_MAX, multiviewPath } from './multiview-params.ts';
import { useClassOptions } from './use-class-options.ts';
import { type LiveFilter, useLiveSessions } from './use-live-sessions.ts';

/** The browsers the filter offers; a tab's browser matches when its name contains the choice. */
const BROWSERS = ['Chrome', 'Edge', 'Firefox', 'Safari'] as const;

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
  const navigate = useNavigate();
  const now = useNow(1000);
  const [filter, setFilter] = useState<LiveFilter>({});
  const sessions = useLiveSessions(filter);
  const classes = useClassOptions();
  /** Sessions picked for the multiview (`projectKey/sessionId`), in the order picked. */
  const [picked, setPicked] = useState<string[]>([]);
  const text = (key: 'q' | 'learner' | 'page') => (e: React.ChangeEvent<HTMLInputElement>) =>
    setFilter((f) => ({ ...f, [key]: e.target.value.trim() || undefined }));
  const choice = (key: 'active' | 'class_id' | 'browser') => (e: React.ChangeEvent<HTMLSelectElement>) =>
    setFilter((f) => ({ ...f, [key]: e.target.value || undefined }));
  const toggle = (key: string, on: boolean) =>
    setPicked((p) =>
      on ? [...p.filter((k) => k !== key), key].slice(0, MULTIVIEW_MAX) : p.filter((k) => k !== key),
    );
  return (
    <>
      <PageTitle>{t('live.title')}</PageTitle>
      <Form className="mb-3" onSubmit={(e) => e.preventDefault()} aria-label={t('live.filters')}>
        <Row className="g-2">
          <Col xs={12} md={4}>
            <Form.Control
              type="search"
              aria-label={t('live.search')}
              placeholder={t('live.search')}
              maxLength={200}
              onChange={text('q')}
            />
          </Col>
          <Col xs={12} sm={6} md={4}>
            <Form.Control
              type="search"
              aria-label={t('live.learnerFilter')}
              placeholder={t('live.learnerFilter')}
              maxLength={200}
              onChange={text('learner')}
            />
          </Col>
          <Col xs={12} sm={6} md={4}>
            <Form.Control
              type="search"
              aria-label={t('live.pageFilter')}
              placeholder={t('live.pageFilter')}
              maxLength={200}
              onChange={text('page')}
            />
          </Col>
          <Col xs={12} sm={4}>
            <Form.Select aria-label={t('live.classFilter')} onChange={choice('class_id')}>
              <option value="">{t('live.allClasses')}</option>
              {classes.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Form.Select>
          </Col>
          <Col xs={12} sm={4}>
            <Form.Select aria-label={t('live.browserFilter')} onChange={choice('browser')}>
              <option value="">{t('live.allBrowsers')}</option>
              {BROWSERS.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </Form.Select>
          </Col>
          <Col xs={12} sm={4}>
            <Form.Select aria-label={t('live.activeFilter')} onChange={choice('active')}>
              <option value="">{t('live.all')}</option>
              <option value="1">{t('live.active')}</option>
              <option value="0">{t('live.inactive')}</option>
            </Form.Select>
          </Col>
        </Row>
      </Form>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Button
          variant="primary"
          disabled={picked.length === 0}
          onClick={() => navigate(multiviewPath(picked))}
        >
          {t('live.multiview', { count: picked.length, max: MULTIVIEW_MAX })}
        </Button>
        <span className="small text-body-secondary">{t('live.multiviewHint', { max: MULTIVIEW_MAX })}</span>
      </div>
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
              <th>
                <span className="visually-hidden">{t('live.pick')}</span>
              </th>
              <th>{t('live.learner')}</th>
              <th>{t('live.page')}</th>
              <th>{t('live.onPage')}</th>
              <th>{t('live.browser')}</th>
              <th>{t('live.tabs')}</th>
              <th>{t('live.agents')}</th>
              <th>{t('live.since')}</th>
            </tr>
          </thead>
          <tbody>
            {sessions.data.map((s) => {
              const key = `${s.projectKey}/${s.sessionId}`;
              const name = s.learner ? s.learner.name || s.learner.email : t('live.anonymous');
              const on = picked.includes(key);
              return (
                <tr key={s.sessionId} data-testid="live-row">
                  <td>
                    <Form.Check
                      id={`pick-${s.sessionId}`}
                      aria-label={t('live.pickOne', { name })}
                      checked={on}
                      disabled={!on && picked.length >= MULTIVIEW_MAX}
                      onChange={(e) => toggle(key, e.target.checked)}
                    />
                  </td>
                  <td>
                    <Link to={`/assist/${encodeURIComponent(s.projectKey)}/${s.sessionId}`}>{name}</Link>{' '}
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
                  <td>{s.browser || t('live.unknownBrowser')}</td>
                  <td>{s.tabs}</td>
                  <td>{s.agents}</td>
                  <td>{new Date(s.connectedAt).toLocaleTimeString()}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </>
  );
}
