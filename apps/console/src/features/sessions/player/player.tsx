import '@rrweb/replay/dist/style.css';
import './player.css';
import { useEffect, useMemo, useState } from 'react';
import { Button, ButtonGroup, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../format.ts';
import type { SessionDetail } from '../sessions-api.ts';
import { Devtools } from './devtools.tsx';
import { MomentNotes, useMomentNotes } from './moment-notes.tsx';
import { pageAt } from './page-at.ts';
import type { MarkerKind } from './recording.ts';
import { Timeline } from './timeline.tsx';
import { UnreadableNotice } from './unreadable-notice.tsx';
import { useReplayer } from './use-replayer.ts';
import { tabStart, type Visit, type VisitMarker, visitMarkers } from './visit.ts';

const SPEEDS = [0.5, 1, 2, 4, 8] as const;
const STEP_MS = 5000;
const PANEL_OF: Partial<Record<MarkerKind, string>> = { error: 'errors', request: 'network' };

/**
 * Our player around rrweb's Replayer: one timeline for the whole visit across its tabs (ADR 0070), the tab
 * active at the playhead on the stage; play/pause, speed, skipping inactivity, markers of every tab, keyboard
 * shortcuts (space, ←/→ 5 s, 1–5 speed), a link to the current moment, and the devtools of the tab shown.
 */
export function Player({
  session,
  visit,
  initial,
  onMoment,
  moments,
}: {
  session: SessionDetail;
  visit: Visit;
  /** Where to open: a visit offset (ms), and the tab to show there when the link named one. */
  initial: { offset: number; tabId?: string };
  /** Writes the moment (a tab and its own offset) into the page's address and answers the link to it. */
  onMoment: (tabId: string, offset: number) => string;
  /** Markers found at ingest (rage, dead and error clicks, shakes: ADR 0057), each naming its tab. */
  moments?: VisitMarker[];
}) {
  const { t } = useTranslation();
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [speed, setSpeed] = useState(1);
  const [skipInactive, setSkipInactive] = useState(true);
  const [panel, setPanel] = useState('console');
  const { state, play, pause, seek, localOffset } = useReplayer(visit, container, {
    speed,
    skipInactive,
    initial,
  });
  const tab = visit.tabs.find((x) => x.tabId === state.tabId) ?? visit.tabs[0];
  /** 「分頁 N」: tabs are numbered in the order they began. */
  const tabName = useMemo(() => {
    const names = new Map(visit.all.map((x, i) => [x.tabId, t('player.tabN', { n: i + 1 })]));
    return (tabId: string) => names.get(tabId) ?? '';
  }, [visit, t]);
  const several = visit.tabs.length > 1;
  const notes = useMomentNotes(session.id);
  const markers = useMemo(
    () =>
      visitMarkers(visit.tabs, [...(moments ?? []), ...notes.markers]).map((m) =>
        several ? { ...m, label: `${tabName(m.tabId)} · ${m.label}` } : m,
      ),
    [visit, moments, notes.markers, several, tabName],
  );
  /** The copied link, or the link to copy by hand where the clipboard refused. */
  const [copied, setCopied] = useState<{ link: string; ok: boolean } | null>(null);
  const copyLink = async () => {
    const link = onMoment(state.tabId, localOffset());
    try {
      await navigator.clipboard.writeText(link);
      setCopied({ link, ok: true });
    } catch {
      setCopied({ link, ok: false });
    }
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, select, textarea, button, [contenteditable], [data-own-keys]')) return;
      if (event.key === ' ') {
        event.preventDefault();
        if (state.playing) pause();
        else play();
      } else if (event.key === 'ArrowLeft') seek(state.offset - STEP_MS);
      else if (event.key === 'ArrowRight') seek(state.offset + STEP_MS);
      else if (/^[1-5]$/.test(event.key)) setSpeed(SPEEDS[Number(event.key) - 1] ?? 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state.playing, state.offset, play, pause, seek]);

  const notices = visit.all.map((x) => (
    <UnreadableNotice key={x.tabId} tab={x} tabName={visit.all.length > 1 ? tabName(x.tabId) : undefined} />
  ));
  if (!tab)
    return (
      <>
        {notices}
        <p className="text-body-secondary">{t('player.empty')}</p>
      </>
    );
  const jump = (offset: number, marker?: VisitMarker) => {
    // A marker of a tab in the background (an error, a note) shows that tab at its moment.
    seek(offset, marker?.tabId);
    const target = marker && PANEL_OF[marker.kind as MarkerKind];
    if (target) setPanel(target);
  };
  return (
    <div className="d-flex flex-column gap-2">
      {several && (
        <Form.Select
          size="sm"
          style={{ width: 'auto' }}
          aria-label={t('player.tab')}
          value={tab.tabId}
          onChange={(event) => {
            // Picking a tab goes to its first moment on the one timeline, and the address names it.
            const picked = visit.tabs.find((x) => x.tabId === event.target.value);
            if (!picked) return;
            seek(tabStart(picked) - visit.start, picked.tabId);
            onMoment(picked.tabId, 0);
          }}
        >
          {visit.tabs.map((x) => (
            <option key={x.tabId} value={x.tabId}>
              {tabName(x.tabId)}
            </option>
          ))}
        </Form.Select>
      )}
      {notices}
      <div
        className="player-url border rounded-top px-2 py-1 small font-monospace d-flex gap-2"
        data-testid="player-url"
      >
        {several && (
          <span className="badge text-bg-primary" data-testid="player-tab">
            {tabName(tab.tabId)}
          </span>
        )}
        <span className="text-truncate">
          <span className="visually-hidden">{t('player.url')}: </span>
          {pageAt(tab.activity, state.startTime + state.offset) || '—'}
        </span>
      </div>
      <div className="player-stage border bg-white" ref={setContainer} data-testid="player-stage" />
      <Timeline
        offset={state.offset}
        duration={state.duration}
        startTime={state.startTime}
        markers={markers}
        segments={several ? visit.segments : []}
        tabName={tabName}
        onSeek={(offset, marker) => jump(offset, marker as VisitMarker | undefined)}
      />
      <div className="d-flex flex-wrap align-items-center gap-3">
        <Button size="sm" onClick={state.playing ? pause : play} data-testid="play-pause">
          {state.playing ? t('player.pause') : t('player.play')}
        </Button>
        <span className="font-monospace" data-testid="playhead">
          {formatClock(state.offset)} / {formatClock(state.duration)}
        </span>
        <ButtonGroup size="sm" aria-label={t('player.speed')}>
          {SPEEDS.map((s) => (
            <Button
              key={s}
              variant={s === speed ? 'secondary' : 'outline-secondary'}
              aria-pressed={s === speed}
              onClick={() => setSpeed(s)}
            >
              {s}×
            </Button>
          ))}
        </ButtonGroup>
        <Form.Check
          type="switch"
          id="skip-inactive"
          label={state.skipping ? t('player.skipping') : t('player.skipInactive')}
          checked={skipInactive}
          onChange={(event) => setSkipInactive(event.target.checked)}
        />
        <Button size="sm" variant="outline-secondary" onClick={copyLink} data-testid="link-moment">
          {t('player.linkMoment')}
        </Button>
        <span role="status" className="small">
          {copied?.ok && t('player.linkCopied')}
        </span>
        <span className="small text-body-secondary">{t('player.shortcuts')}</span>
      </div>
      {copied && !copied.ok && (
        <Form.Control
          size="sm"
          readOnly
          value={copied.link}
          aria-label={t('player.linkToCopy')}
          onFocus={(event) => event.currentTarget.select()}
        />
      )}
      <MomentNotes
        sessionId={session.id}
        tabId={tab.tabId}
        notes={notes.notes}
        startTime={state.startTime}
        offset={state.offset}
        tabName={several ? tabName : undefined}
        onSeek={seek}
      />
      <Devtools
        session={session}
        tab={tab}
        startTime={state.startTime}
        offset={state.offset}
        duration={state.duration}
        panel={panel}
        onPanel={setPanel}
        // A row belongs to the tab shown: its moment stays in that tab even if another was in front then.
        onSeek={(offset) => seek(offset, tab.tabId)}
      />
    </div>
  );
}
