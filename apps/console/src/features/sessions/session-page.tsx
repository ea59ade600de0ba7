import { useCurrentUser } from '@atrium/web/app/session.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Alert, Button, ProgressBar, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { TabRecordings } from '../assist/tab-recordings.tsx';
import { formatClock, formatMoment } from './format.ts';
import { ImpersonatedBadge } from './impersonated-badge.tsx';
import { ClaimedMark, learnerIdOf } from './learner-identity.tsx';
import { loadRecording } from './player/load-recording.ts';
import { Player } from './player/player.tsx';
import { buildVisit, tabStart, type VisitMarker } from './player/visit.ts';
import { sessionsApi } from './sessions-api.ts';

/**
 * /console/sessions/:id?t=seconds&tab=id — one recorded visit in the player, its tabs on one timeline (ADR
 * 0070); `t` counts from the start of the tab named (the visit's first tab without one) and opens that tab at
 * that moment, as links did when each tab had its own timeline. `at=epoch ms` instead of `t` names a moment by
 * its time (the Issues screen's links: the server knows when, not the tab's start).
 */
export function SessionPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [loaded, setLoaded] = useState(0);
  // The deep link is read once: later moves of the playhead do not re-seek through the URL.
  const [link] = useState(() => ({
    t: Math.max(0, Number(search.get('t')) * 1000 || 0),
    at: Number(search.get('at')) || 0,
    tab: search.get('tab'),
  }));
  const detail = useQuery({
    queryKey: ['session', id],
    queryFn: ({ signal }) => sessionsApi.detail(id, signal),
  });
  const recording = useQuery({
    queryKey: ['recording', id],
    queryFn: ({ signal }) => loadRecording(id, setLoaded, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  // Moments found at ingest (ADR 0057): markers on the visit's timeline, each in its tab.
  const moments = useQuery({
    queryKey: ['session-events', id],
    queryFn: ({ signal }) => sessionsApi.events(id, signal),
  });
  const remove = useMutation({
    mutationFn: () => sessionsApi.remove(id),
    onSuccess: () => navigate('/sessions', { replace: true }),
  });

  const visit = useMemo(() => buildVisit(recording.data ?? []), [recording.data]);
  const visitMoments = useMemo(
    () =>
      (moments.data ?? [])
        .filter((m) => m.kind !== 'exception')
        .map(
          (m): VisitMarker => ({
            time: m.at,
            kind: 'signal',
            label: `${t(`player.signal.${m.kind}`)}${m.count > 1 ? ` ×${m.count}` : ''}${m.label ? `: ${m.label}` : ''}`,
            tabId: m.tab_id,
          }),
        ),
    [moments.data, t],
  );
  // Where the link opens: a moment of the named tab (or of the visit's first), shown in that tab.
  const initial = useMemo(() => {
    const named = visit.tabs.find((x) => x.tabId === link.tab);
    const from = named ? tabStart(named) : visit.start;
    const time = link.at || from + link.t;
    return { offset: Math.max(0, time - visit.start), tabId: named?.tabId };
  }, [visit, link]);

  if (detail.isError) return <Alert variant="danger">{t('sessions.notFound')}</Alert>;
  if (!detail.data)
    return (
      <Spinner animation="border" role="status">
        <span className="visually-hidden">{t('app.loading')}</span>
      </Spinner>
    );
  const session = detail.data;
  const learnerId = learnerIdOf(session);
  // The moment's link names the tab shown and its offset in that tab, so it opens the same moment in the same
  // tab (ADR 0047, 0070).
  const linkTo = (tabId: string, offset: number) => {
    const next = new URLSearchParams(search);
    // Tenths of a second, cut rather than rounded: the link never lands past the second shown.
    next.set('t', (Math.floor(offset / 100) / 10).toFixed(1));
    next.delete('at');
    if (tabId) next.set('tab', tabId);
    setSearch(next, { replace: true });
    return `${window.location.origin}${window.location.pathname}?${next}`;
  };

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <PageTitle className="h4 mb-1">
          {t('player.title', {
            name: session.learner_nickname ?? session.learner_email ?? t('sessions.anonymous'),
          })}
        </PageTitle>
        {user.role === 'admin' && (
          <Button
            size="sm"
            variant="outline-danger"
            disabled={remove.isPending}
            onClick={() => window.confirm(t('player.deleteConfirm')) && remove.mutate()}
          >
            {t('player.delete')}
          </Button>
        )}
      </div>
      <p className="text-body-secondary small">
        {formatMoment(session.started_at, i18n.language)} · {formatClock(session.duration_ms)} ·{' '}
        {session.user_browser} · {session.user_os}
        {session.impersonated && <ImpersonatedBadge />}
        <ClaimedMark session={session} />
        {learnerId && (
          <>
            {' · '}
            <Link to={`/learners/${encodeURIComponent(learnerId)}/sessions`}>
              {t('sessions.learnerSessions')}
            </Link>
          </>
        )}
      </p>
      {recording.isPending && (
        <div className="my-4" data-testid="loading-recording">
          <p className="mb-1">{t('player.loading')}</p>
          <ProgressBar
            now={session.bytes ? Math.min(100, (loaded / session.bytes) * 100) : 0}
            label={`${Math.round(loaded / 1024)} KB`}
            aria-label={t('player.loading')}
          />
        </div>
      )}
      {recording.isError && <Alert variant="danger">{t('player.loadFailed')}</Alert>}
      {recording.data && (
        <Player session={session} visit={visit} initial={initial} onMoment={linkTo} moments={visitMoments} />
      )}
      <TabRecordings sessionId={session.id} />
    </>
  );
}
