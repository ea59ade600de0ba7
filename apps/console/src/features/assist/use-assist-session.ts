import {
  type AgentEventName,
  type AgentWelcome,
  ASSIST_SOCKET_PATH,
  type AssistConfig,
  agentWelcome,
  assistConfig,
  assistRoomId,
  REMOTE_CONTROL_TIMEOUT_MS,
  ServerEvent,
} from '@atrium/protocol/assist';
import { MessageType } from '@atrium/protocol/tracker/index';
import { readSessionToken } from '@atrium/web/api/session-token.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';

export type ControlState = 'off' | 'requesting' | 'granted' | 'denied' | 'busy' | 'timeout';
export type RecordingAnswer = 'none' | 'accepted' | 'rejected' | 'busy';
export type Connection = 'connecting' | 'live' | 'no-session' | 'refused';

interface RrwebEvent {
  type: number;
  data: unknown;
  timestamp: number;
}

/** The rrweb events inside a tracker batch (tuples `[MessageType.RrwebEvent, event]`). */
function rrwebEventsOf(batch: unknown): RrwebEvent[] {
  if (!Array.isArray(batch)) return [];
  const out: RrwebEvent[] = [];
  for (const m of batch) {
    if (Array.isArray(m) && m[0] === MessageType.RrwebEvent && m[1] && typeof m[1] === 'object') {
      const ev = m[1] as RrwebEvent;
      if (typeof ev.type === 'number' && typeof ev.timestamp === 'number') out.push(ev);
    }
  }
  return out;
}

async function gunzipJson(data: ArrayBuffer | Uint8Array): Promise<unknown> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
  return JSON.parse(await new Response(stream).text());
}

/**
 * The agent's side of one live session: the relay socket, the learner's tabs, the stream of rrweb events
 * for the watched tab, and the remote-control state machine (spec 2 §4) as the agent sees it: a request
 * is answered by the learner (granted, rejected, busy) or times out after 30 s.
 */
export function useAssistSession(
  projectKey: string,
  sessionId: string,
  onEvents: (events: RrwebEvent[]) => void,
) {
  const [connection, setConnection] = useState<Connection>('connecting');
  const [welcome, setWelcome] = useState<AgentWelcome | null>(null);
  const [tabId, setTabId] = useState<string | null>(null);
  const [control, setControl] = useState<ControlState>('off');
  const [config, setConfig] = useState<AssistConfig | null>(null);
  const [callEndedByLearner, setCallEndedByLearner] = useState(0);
  const [recordingAnswer, setRecordingAnswer] = useState<{ state: RecordingAnswer; n: number }>({
    state: 'none',
    n: 0,
  });
  const socketRef = useRef<Socket | null>(null);
  const tabRef = useRef<string | null>(null);
  const onEventsRef = useRef(onEvents);
  onEventsRef.current = onEvents;
  const timeoutRef = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const socket = io({
      path: ASSIST_SOCKET_PATH,
      transports: ['websocket'],
      query: { peerId: assistRoomId(projectKey, sessionId), identity: 'agent' },
      auth: { token: readSessionToken() },
      reconnectionAttempts: 30,
    });
    socketRef.current = socket;
    const mine = (meta: unknown) => (meta as { tabId?: string } | undefined)?.tabId === tabRef.current;
    const clearTimer = () => {
      if (timeoutRef.current) clearTimeout(timeoutRef.current);
      timeoutRef.current = null;
    };
    socket.on('connect_error', () => setConnection('refused'));
    socket.on(ServerEvent.AGENT_WELCOME, (w: unknown) => {
      const parsed = agentWelcome.safeParse(w);
      if (!parsed.success) return;
      setWelcome(parsed.data);
      setConnection(parsed.data.tabs.length ? 'live' : 'no-session');
      const first = parsed.data.tabs[0]?.tabId ?? null;
      if (!tabRef.current && first) {
        tabRef.current = first;
        setTabId(first);
      }
    });
    socket.on(ServerEvent.ASSIST_CONFIG, (c: unknown) => {
      const parsed = assistConfig.safeParse(c);
      if (parsed.success) setConfig(parsed.data);
    });
    // The learner ends each agent's call by its id: declining another agent leaves this one's call alone.
    socket.on('call_end', (env: { meta: unknown; data?: unknown }) => {
      const forMe = env?.data === undefined || env.data === null || env.data === socket.id;
      if (mine(env?.meta) && forMe) setCallEndedByLearner((n) => n + 1);
    });
    socket.on(ServerEvent.SESSION_DISCONNECTED, () => setConnection('no-session'));
    socket.on(ServerEvent.SESSION_RECONNECTED, () => setConnection('live'));
    socket.on('messages', (env: { meta: unknown; data: unknown }) => {
      if (!tabRef.current && env?.meta) {
        tabRef.current = (env.meta as { tabId: string }).tabId;
        setTabId(tabRef.current);
      }
      if (mine(env?.meta)) onEventsRef.current(rrwebEventsOf(env.data));
    });
    socket.on('messages_gz', async (env: { meta: unknown; data: ArrayBuffer }) => {
      if (!mine(env?.meta)) return;
      try {
        onEventsRef.current(rrwebEventsOf(await gunzipJson(env.data)));
      } catch {
        // A corrupt frame is skipped; the next full snapshot repairs the view.
      }
    });
    const answer = (state: ControlState) => (env: { meta: unknown; data?: unknown }) => {
      if (!mine(env?.meta)) return;
      const forMe = env.data === undefined || env.data === socket.id;
      if (!forMe) return;
      clearTimer();
      setControl((now) => (state === 'denied' && now !== 'requesting' ? 'off' : state));
    };
    const recording = (state: RecordingAnswer) => (env: { meta: unknown }) => {
      if (mine(env?.meta)) setRecordingAnswer((r) => ({ state, n: r.n + 1 }));
    };
    socket.on('recording_accepted', recording('accepted'));
    socket.on('recording_rejected', recording('rejected'));
    socket.on('recording_busy', recording('busy'));
    socket.on('control_granted', answer('granted'));
    socket.on('control_rejected', answer('denied'));
    socket.on('control_busy', answer('busy'));
    return () => {
      clearTimer();
      socket.disconnect();
    };
  }, [projectKey, sessionId]);

  const send = useCallback((event: AgentEventName, data?: unknown) => {
    if (!tabRef.current) return;
    socketRef.current?.emit(event, { meta: { tabId: tabRef.current }, data: data ?? null });
  }, []);

  const requestControl = useCallback(() => {
    setControl('requesting');
    send('request_control');
    if (timeoutRef.current) clearTimeout(timeoutRef.current);
    timeoutRef.current = setTimeout(
      () => setControl((now) => (now === 'requesting' ? 'timeout' : now)),
      REMOTE_CONTROL_TIMEOUT_MS,
    );
  }, [send]);

  const releaseControl = useCallback(() => {
    send('release_control');
    setControl('off');
  }, [send]);

  const chooseTab = useCallback((id: string) => {
    tabRef.current = id;
    setTabId(id);
  }, []);

  return {
    connection,
    welcome,
    config,
    tabId,
    chooseTab,
    control,
    requestControl,
    releaseControl,
    send,
    /** Bumped each time the learner ends or rejects a call. */
    callEndedByLearner,
    /** The learner's last answer to a recording request (n changes with each answer). */
    recordingAnswer,
  };
}
