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
import type { Marker, MarkerKind, TabRecording } from './recording.ts';
import { Timeline } from './timeline.tsx';
import { UnreadableNotice } from './unreadable-notice.tsx';
import { useReplayer } from './use-replayer.ts';

const SPEEDS = [0.5, 1, 2, 4, 8] as const;
const STEP_MS = 5000;
const PANEL_OF: Partial<Record<MarkerKind, string>> = { error: 'errors', request: 'network' };

/**
 * Our player around rrweb's Replayer: play/pause, speed, skipping inactivity, a timeline with markers,
 * keyboard shortcuts (space, ←/→ 5 s, 1–5 speed), a link to the current moment, and the devtools.
 */
export function Player({
  session,
  tab,
  initialOffset,
  onMoment,
  moments,
}: {
  session: SessionDetail;
  tab: TabRecording;
  initialOffset: number;
  /** Writes the moment into the page's address and answers the link to it. */
  onMoment: (offset: number) => string;
  /** Markers found at ingest (rage, dead and error clicks, shakes: ADR 0057), beside the tab's own. */
  moments?: Marker[];
}) {
  const { t } = useTranslation();
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [speed, setSpeed] = useState(1);
  const [skipInactive, setSkipInactive] = useState(true);
  const [panel, setPanel] = useState('console');
  const { state, play, pause, seek } = useReplayer(tab, container, { speed, skipInactive, initialOffset });
  const notes = useMomentNotes(session.id, tab.tabId);
  const markers = useMemo(
    () => [...tab.markers, ...(moments ?? []), ...notes.markers],
    [tab, moments, notes.markers],
  );
  /** The copied link, or the link to copy by hand where the clipboard refused. */
  const [copied, setCopied] = useState<{ link: string; ok: boolean } | null>(null);
  const copyLink = async () => {
    const link = onMoment(state.offset);
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

  if (tab.events.length < 2) {
    return (
      <>
        <UnreadableNotice tab={tab} />
        <p className="text-body-secondary">{t('player.empty')}</p>
      </>
    );
  }
  const jump = (offset: number, kind?: MarkerKind) => {
    seek(offset);
    const target = kind && PANEL_OF[kind];
    if (target) setPanel(target);
  };
  return (
    <div className="d-flex flex-column gap-2">
      <UnreadableNotice tab={tab} />
      <div className="player-url border rounded-top px-2 py-1 small font-monospace" data-testid="player-url">
        <span className="visually-hidden">{t('player.url')}: </span>
        {pageAt(tab.activity, state.startTime + state.offset) || '—'}
      </div>
      <div className="player-stage border bg-white" ref={setContainer} data-testid="player-stage" />
      <Timeline
        offset={state.offset}
        duration={state.duration}
        startTime={state.startTime}
        markers={markers}
        onSeek={(offset, marker) => jump(offset, marker?.kind)}
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
        onSeek={seek}
      />
    </div>
  );
}
