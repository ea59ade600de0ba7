import { useCurrentUser } from '@atrium/web/app/session.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Alert, Button, Form, ProgressBar, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { TabRecordings } from '../assist/tab-recordings.tsx';
import { formatClock, formatMoment } from './format.ts';
import { ImpersonatedBadge } from './impersonated-badge.tsx';
import { ClaimedMark, learnerIdOf } from './learner-identity.tsx';
import { loadRecording } from './player/load-recording.ts';
import { Player } from './player/player.tsx';
import type { Marker } from './player/recording.ts';
import { sessionsApi } from './sessions-api.ts';

/**
 * /console/sessions/:id?t=seconds&tab=id — one recorded session in the player; `at=epoch ms` instead of `t`
 * names a moment by its time (the Issues screen's links: the server knows when, not the tab's start).
 */
export function SessionPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [loaded, setLoaded] = useState(0);
  // The deep link is read once: later moves of the playhead do not re-seek through the URL.
  const [initialOffset] = useState(() => Math.max(0, Number(search.get('t')) * 1000 || 0));
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
  // Moments found at ingest (ADR 0057): markers on the timeline of their tab.
  const moments = useQuery({
    queryKey: ['session-events', id],
    queryFn: ({ signal }) => sessionsApi.events(id, signal),
  });
  const remove = useMutation({
    mutationFn: () => sessionsApi.remove(id),
    onSuccess: () => navigate('/sessions', { replace: true }),
  });

  const tabParam = search.get('tab');
  const tabMoments = useMemo(() => {
    const all = recording.data ?? [];
    const current = (all.find((x) => x.tabId === tabParam) ?? all[0])?.tabId;
    return (moments.data ?? [])
      .filter((m) => m.tab_id === current && m.kind !== 'exception')
      .map(
        (m): Marker => ({
          time: m.at,
          kind: 'signal',
          label: `${t(`player.signal.${m.kind}`)}${m.count > 1 ? ` ×${m.count}` : ''}${m.label ? `: ${m.label}` : ''}`,
        }),
      );
  }, [moments.data, recording.data, tabParam, t]);

  if (detail.isError) return <Alert variant="danger">{t('sessions.notFound')}</Alert>;
  if (!detail.data)
    return (
      <Spinner animation="border" role="status">
        <span className="visually-hidden">{t('app.loading')}</span>
      </Spinner>
    );
  const session = detail.data;
  const tabs = recording.data ?? [];
  const tabId = search.get('tab') ?? tabs[0]?.tabId;
  const tab = tabs.find((x) => x.tabId === tabId) ?? tabs[0];
  const learnerId = learnerIdOf(session);
  const at = Number(search.get('at')) || 0;
  const startOf = (x: typeof tab) => x?.events[0]?.timestamp ?? 0;
  const offset = at && tab ? Math.max(0, at - startOf(tab)) : initialOffset;
  // The moment's link names its tab too, so it opens the same moment whichever tab is first (ADR 0047).
  const linkTo = (offset: number) => {
    const next = new URLSearchParams(search);
    // Tenths of a second, cut rather than rounded: the link never lands past the second shown.
    next.set('t', (Math.floor(offset / 100) / 10).toFixed(1));
    next.delete('at');
    if (tab) next.set('tab', tab.tabId);
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
      {tabs.length > 1 && (
        <Form.Select
          size="sm"
          style={{ width: 'auto' }}
          className="mb-2"
          aria-label={t('player.tab')}
          value={tab?.tabId}
          onChange={(event) => {
            const next = new URLSearchParams(search);
            next.set('tab', event.target.value);
            next.delete('t');
            next.delete('at');
            setSearch(next, { replace: true });
          }}
        >
          {tabs.map((x, i) => (
            <option key={x.tabId} value={x.tabId}>
              {t('player.tabN', { n: i + 1 })}
            </option>
          ))}
        </Form.Select>
      )}
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
      {tab && (
        <Player
          key={tab.tabId}
          session={session}
          tab={tab}
          initialOffset={offset}
          onMoment={linkTo}
          moments={tabMoments}
        />
      )}
      <TabRecordings sessionId={session.id} />
    </>
  );
}
