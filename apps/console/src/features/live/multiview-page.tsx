import { useCallback, useRef } from 'react';
import { Badge, Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { shownConnection } from '../assist/assist-status.ts';
import { LivePlayer, type LivePlayerHandle } from '../assist/live-player.tsx';
import { useAssistSession } from '../assist/use-assist-session.ts';
import { type MultiviewSession, multiviewSessions } from './multiview-params.ts';
import { useLiveSessions } from './use-live-sessions.ts';

/**
 * /console/live/multiview?s=projectKey/sessionId (up to four): the learners' pages side by side, each
 * scaled to its tile and read-only — no call, control or annotation here, so no two learners are ever
 * handled at once. 「專注」 opens that learner's full live view (and this page's watchers leave).
 */
export function MultiviewPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const sessions = multiviewSessions(search);
  // The learners' names come from the live list (the server's learner, never the page's claim).
  const live = useLiveSessions({});
  const nameOf = (id: string) => {
    const s = live.data?.find((row) => row.sessionId === id);
    return s?.learner ? s.learner.name || s.learner.email : t('live.anonymous');
  };
  return (
    <>
      <PageTitle>{t('live.multiviewTitle')}</PageTitle>
      <p>
        <Link to="/live">{t('live.backToList')}</Link>
      </p>
      {sessions.length === 0 ? (
        <p>{t('live.multiviewEmpty')}</p>
      ) : (
        <Row xs={1} lg={2} className="g-3">
          {sessions.map((s) => (
            <Col key={s.sessionId}>
              <MirrorTile session={s} name={nameOf(s.sessionId)} />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}

/** One learner's mirror: its own agent socket (a live-view read, audited like the full view) and player. */
function MirrorTile({ session, name }: { session: MultiviewSession; name: string }) {
  const { t } = useTranslation();
  const player = useRef<LivePlayerHandle>(null);
  const onEvents = useCallback((events: Parameters<LivePlayerHandle['add']>[0], fresh?: boolean) => {
    if (fresh) player.current?.reset();
    player.current?.add(events);
  }, []);
  const live = useAssistSession(session.projectKey, session.sessionId, onEvents);
  const tab = live.tabId ? live.tabs[live.tabId] : undefined;
  const shown = shownConnection(live.connection, tab?.active);
  return (
    <Card as="section" aria-label={name} data-testid="multiview-tile">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 className="h6 mb-0">{name}</h2>
        <Badge bg={shown === 'live' ? 'success' : 'secondary'} data-testid="multiview-connection">
          {t(`assist.connection.${shown}`)}
        </Badge>
        <span className="small text-body-secondary text-truncate flex-grow-1">
          {String(tab?.pageTitle ?? '')}
        </span>
        <Link
          className="btn btn-sm btn-primary"
          to={`/assist/${encodeURIComponent(session.projectKey)}/${session.sessionId}`}
          aria-label={t('live.focusOne', { name })}
        >
          {t('live.focus')}
        </Link>
      </Card.Header>
      <Card.Body className="p-1">
        <LivePlayer ref={player} fit />
      </Card.Body>
    </Card>
  );
}
