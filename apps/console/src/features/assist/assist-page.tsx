import { ANNOTATION } from '@atrium/protocol/assist';
import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, ButtonGroup, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { shownConnection } from './assist-status.ts';
import { CallPanel } from './call-panel.tsx';
import { LivePlayer, type LivePlayerHandle } from './live-player.tsx';
import type { MirrorField } from './mirror-field.ts';
import { MirrorKeyboard } from './mirror-keyboard.tsx';
import { RecordingControls } from './recording-controls.tsx';
import { rewindPath } from './rewind-page.tsx';
import { type ControlState, useAssistSession } from './use-assist-session.ts';
import { useCall } from './use-call.ts';
import { useCanvasStreams } from './use-canvas-streams.ts';
import { useLiveLearner } from './use-live-learner.ts';
import { useTabRecording } from './use-tab-recording.ts';

const MOVE_EVERY_MS = 50;

/**
 * /console/assist/:projectKey/:sessionId — the learner's page live; remote control once the learner grants
 * it (click, scroll, pointer, typing into the field the learner's page has focused); annotations drawn on
 * the learner's screen.
 */
export function AssistPage() {
  const { t } = useTranslation();
  const { projectKey = '', sessionId = '' } = useParams();
  const navigate = useNavigate();
  const player = useRef<LivePlayerHandle>(null);
  const onEvents = useCallback((events: Parameters<LivePlayerHandle['add']>[0], fresh?: boolean) => {
    if (fresh) player.current?.reset();
    player.current?.add(events);
  }, []);
  const session = useAssistSession(projectKey, sessionId, onEvents);
  const learner = useLiveLearner(sessionId);
  // In the room: the learner's snapshot is a tracker restart away, time enough to make the mirror's iframe.
  useEffect(() => {
    if (session.welcome) player.current?.prepare();
  }, [session.welcome]);
  const call = useCall(session, { projectKey, sessionId });
  useCanvasStreams(session, player, { projectKey, sessionId });
  const recording = useTabRecording(session, sessionId);
  const [annotating, setAnnotating] = useState(false);
  const [fit, setFit] = useState(true);
  const stage = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  /** The learner's field the agent clicked on the mirror: keys typed now go there. */
  const [typing, setTyping] = useState<MirrorField | null>(null);
  /** What was last sent per field: a masked field's mirror cannot say what the learner has. */
  const typed = useRef(new Map<number, string>());
  const drawing = useRef(false);
  const strokes = useOwnStrokes();
  const lastMove = useRef(0);
  const granted = session.control === 'granted';
  useEffect(() => {
    if (!granted) setTyping(null);
  }, [granted]);
  const watched = session.tabId ? session.tabs[session.tabId] : undefined;
  const paused = session.connection === 'live' && watched?.sharingPaused === true;
  const shown = shownConnection(session.connection, watched?.active, paused);

  // Wheel over the mirror is the mirror's, never the console's: sent to the learner under control,
  // otherwise it scrolls the 1:1 stage (a fitted one has nothing to scroll). React's wheel listener is
  // passive and cannot keep the console still, hence a native one.
  const wheel = useRef<(e: globalThis.WheelEvent) => void>(() => undefined);
  wheel.current = (e) => {
    e.preventDefault();
    if (granted) session.send('scroll', [Math.round(e.deltaX), Math.round(e.deltaY)]);
    else if (!fit) stage.current?.querySelector('[data-testid="live-stage"]')?.scrollBy(e.deltaX, e.deltaY);
  };
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const onWheel = (e: globalThis.WheelEvent) => wheel.current(e);
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const at = (e: MouseEvent) => player.current?.toPage(e.clientX, e.clientY) ?? null;
  const onMouseDown = (e: MouseEvent) => {
    const p = at(e);
    if (!p || !annotating) return;
    // A drag draws; it must not select the page around the mirror.
    e.preventDefault();
    drawing.current = true;
    session.send('startAnnotation', p);
    strokes.start(p);
  };
  const onMouseMove = (e: MouseEvent) => {
    const now = performance.now();
    if (now - lastMove.current < MOVE_EVERY_MS) return;
    lastMove.current = now;
    const p = at(e);
    if (!p) return;
    if (annotating && drawing.current) {
      session.send('moveAnnotation', p);
      strokes.move(p);
    } else if (granted) session.send('move', p);
  };
  const onMouseUp = () => {
    if (!drawing.current) return;
    drawing.current = false;
    session.send('stopAnnotation');
    strokes.stop();
  };
  const onClick = (e: MouseEvent) => {
    const p = at(e);
    if (!p || !granted || annotating) return;
    session.send('click', p);
    // A field clicked on the mirror is focused on the learner's page by its node too (spec 2 `focus`),
    // and the keys typed next go into it.
    const field = player.current?.fieldAt(p[0], p[1]) ?? null;
    if (field) session.send('focus', field.nodeId);
    setTyping((now) => {
      if (!field) return null;
      if (now?.nodeId === field.nodeId) return now;
      const kept = typed.current.get(field.nodeId);
      return field.masked && kept !== undefined ? { ...field, value: kept } : field;
    });
  };
  const onMirrorValue = (value: string) => {
    if (!typing || !granted) return;
    typed.current.set(typing.nodeId, value);
    session.send('input', value);
  };
  const onType = (value: string) => {
    setText(value);
    if (granted) session.send('input', value);
  };

  return (
    <>
      <PageTitle>
        {learner === undefined
          ? t('assist.title')
          : t('assist.titleFor', {
              name: learner ? learner.name || learner.email : t('assist.anonymous'),
            })}
      </PageTitle>
      <p>
        <Link to="/live">{t('assist.back')}</Link> <ConnectionBadge state={shown} />{' '}
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => navigate(rewindPath(projectKey, sessionId, session.tabId))}
        >
          {t('assist.rewind')}
        </Button>
        {(session.connection === 'failed' || RETRYABLE.has(session.connection)) && (
          <Button size="sm" variant="link" onClick={session.retryNow}>
            {t('assist.retry')}
          </Button>
        )}
      </p>
      {session.refusal && (
        <Alert
          key={session.refusal.n}
          variant="danger"
          className="py-2"
          role="alert"
          data-testid="assist-refusal"
          dismissible
          closeLabel={t('assist.refusal.dismiss')}
          onClose={session.dismissRefusal}
        >
          {t('assist.refusal.text', {
            event: t(`assist.refusal.event.${session.refusal.event}`, {
              defaultValue: session.refusal.event,
            }),
            reason: t(`assist.refusal.code.${session.refusal.code}`),
          })}
        </Alert>
      )}
      {session.tabOrder.length > 1 && (
        <Form.Select
          aria-label={t('assist.tab')}
          className="mb-2"
          style={{ maxWidth: 360 }}
          value={session.tabId ?? ''}
          onChange={(e) => session.chooseTab(e.target.value)}
        >
          {session.tabOrder.map((id, i) => (
            <option key={id} value={id}>
              {t('assist.tabN', { n: i + 1, title: String(session.tabs[id]?.pageTitle ?? '') })}
            </option>
          ))}
        </Form.Select>
      )}
      <CallPanel call={call} />
      <div className="d-flex flex-wrap gap-2 mb-2">
        <ControlButtons
          paused={paused}
          state={session.control}
          onRequest={session.requestControl}
          onRelease={session.releaseControl}
        />
        <RecordingControls recording={recording} />
        <ButtonGroup aria-label={t('assist.size.label')}>
          <Button
            variant={fit ? 'secondary' : 'outline-secondary'}
            aria-pressed={fit}
            onClick={() => setFit(true)}
          >
            {t('assist.size.fit')}
          </Button>
          <Button
            variant={fit ? 'outline-secondary' : 'secondary'}
            aria-pressed={!fit}
            onClick={() => setFit(false)}
          >
            {t('assist.size.actual')}
          </Button>
        </ButtonGroup>
        <ButtonGroup>
          <Button
            variant={annotating ? 'danger' : 'outline-danger'}
            aria-pressed={annotating}
            onClick={() => setAnnotating((v) => !v)}
          >
            {annotating ? t('assist.annotateStop') : t('assist.annotate')}
          </Button>
        </ButtonGroup>
      </div>
      <ControlNotice state={session.control} />
      {paused && (
        <Alert variant="warning" className="py-2" data-testid="sharing-paused">
          {t('assist.sharingPaused')}
        </Alert>
      )}
      {granted && (
        <Form.Control
          className="mb-2"
          style={{ maxWidth: 480 }}
          aria-label={t('assist.typeLabel')}
          placeholder={t('assist.typeLabel')}
          value={text}
          maxLength={10_000}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={(e: KeyboardEvent) => e.stopPropagation()}
        />
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the learner's page is a pointer surface; the keyboard path is the text field above */}
      <div
        ref={stage}
        className="assist-stage border"
        style={{
          cursor: annotating ? 'crosshair' : granted ? 'pointer' : 'default',
          // The last frame before the pause, dimmed: never taken for the live page.
          opacity: paused ? 0.35 : undefined,
          userSelect: 'none',
          outlineColor: ANNOTATION.color,
        }}
        onMouseDown={onMouseDown}
        onMouseMove={onMouseMove}
        onMouseUp={onMouseUp}
        onClick={onClick}
        onKeyDown={() => undefined}
      >
        <LivePlayer
          ref={player}
          fit={fit}
          overlay={strokes.list.map((st) => (
            <polyline
              key={st.id}
              data-testid="own-annotation"
              points={st.points.map(([x, y]) => `${x},${y}`).join(' ')}
              fill="none"
              stroke={ANNOTATION.color}
              strokeWidth={ANNOTATION.width}
              strokeLinecap="round"
              strokeLinejoin="round"
              opacity={st.done ? 0.5 : 0.8}
            />
          ))}
          keyboard={
            granted && typing ? (
              <MirrorKeyboard
                key={typing.nodeId}
                field={typing}
                onValue={onMirrorValue}
                onLeave={() => setTyping(null)}
              />
            ) : null
          }
        />
      </div>
    </>
  );
}

interface Stroke {
  id: number;
  points: [number, number][];
  done: boolean;
}

/**
 * The agent's own strokes, drawn over the mirror as the learner sees them (red, 8 px), each gone once it
 * has faded on the learner's page (ANNOTATION.fadeMs after it ends).
 */
function useOwnStrokes() {
  const [list, setList] = useState<Stroke[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const t of all) clearTimeout(t);
    };
  }, []);
  const start = useCallback((p: [number, number]) => {
    nextId.current += 1;
    const id = nextId.current;
    setList((l) => [...l, { id, points: [p], done: false }]);
  }, []);
  const move = useCallback((p: [number, number]) => {
    setList((l) =>
      l.map((st, i) => (i === l.length - 1 && !st.done ? { ...st, points: [...st.points, p] } : st)),
    );
  }, []);
  const stop = useCallback(() => {
    const id = nextId.current;
    setList((l) => l.map((st) => (st.id === id ? { ...st, done: true } : st)));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setList((l) => l.filter((st) => st.id !== id));
    }, ANNOTATION.fadeMs);
    timers.current.add(timer);
  }, []);
  return { list, start, move, stop };
}

/** Refusals that a retry may get past; the others need the agent to act (sign in, reload, close tabs). */
const RETRYABLE: ReadonlySet<string> = new Set(['rate_limited', 'too_many_sockets', 'bad_handshake']);

function ConnectionBadge({ state }: { state: ReturnType<typeof shownConnection> }) {
  const { t } = useTranslation();
  const bg =
    state === 'live'
      ? 'success'
      : state === 'idle'
        ? 'info'
        : state === 'connecting'
          ? 'secondary'
          : 'warning';
  return (
    <Badge
      bg={bg}
      text={bg === 'warning' || bg === 'info' ? 'dark' : undefined}
      data-testid="assist-connection"
      role="status"
    >
      {t(`assist.connection.${state}`)}
    </Badge>
  );
}

function ControlButtons(props: {
  state: ControlState;
  paused: boolean;
  onRequest: () => void;
  onRelease: () => void;
}) {
  const { t } = useTranslation();
  if (props.state === 'granted')
    return (
      <Button variant="warning" onClick={props.onRelease}>
        {t('assist.release')}
      </Button>
    );
  return (
    <Button
      variant="primary"
      disabled={props.state === 'requesting' || props.paused}
      onClick={props.onRequest}
    >
      {props.state === 'requesting' ? t('assist.requesting') : t('assist.requestControl')}
    </Button>
  );
}

function ControlNotice({ state }: { state: ControlState }) {
  const { t } = useTranslation();
  if (state === 'off' || state === 'requesting') return null;
  const variant =
    state === 'granted'
      ? 'success'
      : state === 'busy' || state === 'ended' || state === 'lost'
        ? 'warning'
        : 'danger';
  return (
    <Alert variant={variant} className="py-2" data-testid="control-state">
      {t(`assist.control.${state}`)}
    </Alert>
  );
}
