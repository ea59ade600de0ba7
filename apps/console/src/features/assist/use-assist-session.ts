import {
  type AgentEventName,
  type AgentWelcome,
  type AssistConfig,
  type AssistError,
  agentWelcome,
  assistConfig,
  assistError,
  REMOTE_CONTROL_TIMEOUT_MS,
  ServerEvent,
} from '@atrium/protocol/assist';
import { MessageType } from '@atrium/protocol/tracker/index';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { agentSocket, takeAhead } from './agent-socket.ts';
import { type Connection, connectErrorState, RETRY_AFTER_REFUSAL_MS } from './assist-status.ts';

/**
 * Remote control as the agent sees it. Besides the learner's answers: `ended` the learner took it back,
 * `lost` this socket dropped (the server forgets a grant with the socket that held it, and a reconnected
 * socket is a new agent to it), `revoked` the server refused a control event as not granted.
 */
export type ControlState =
  | 'off'
  | 'requesting'
  | 'granted'
  | 'denied'
  | 'busy'
  | 'timeout'
  | 'ended'
  | 'lost'
  | 'revoked';
export type RecordingAnswer = 'none' | 'accepted' | 'rejected' | 'busy';
export type { Connection };
/** What the learner's tab last said about itself (welcome, then UPDATE_SESSION). */
export interface TabInfo {
  pageTitle?: string;
  url?: string;
  active?: boolean;
  /** The learner paused sharing (ADR 0073): the mirror shows the page as it was, not live. */
  sharingPaused?: boolean;
}

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

/** A learner's answer this close to the 30 s mark is its prompt timing out. */
const TIMEOUT_MARGIN_MS = 1_500;
/** rrweb's Meta event: each page view (and each tracker restart) opens with one, then a full snapshot. */
const META = 4;
/** A tab's events kept since its last Meta, so that picking it draws it at once; a longer run is dropped. */
const TAB_BUFFER_MAX = 20_000;

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
  /** `fresh`: another tab is shown now; the mirror starts over with these events. */
  onEvents: (events: RrwebEvent[], fresh?: boolean) => void,
) {
  const [connection, setConnection] = useState<Connection>('connecting');
  const [welcome, setWelcome] = useState<AgentWelcome | null>(null);
  const [tabs, setTabs] = useState<Record<string, TabInfo>>({});
  const [refusal, setRefusal] = useState<(AssistError & { n: number }) | null>(null);
  const [tabId, setTabId] = useState<string | null>(null);
  /** The learner's tabs connected now, in the order they came. */
  const [tabOrder, setTabOrder] = useState<string[]>([]);
  /** Bumped when a tab (re)joins: a reload cuts that tab's call, which the agent dials again. */
  const [tabJoined, setTabJoined] = useState<{ tabId: string; n: number } | null>(null);
  const buffers = useRef(new Map<string, RrwebEvent[]>());
  const orderRef = useRef<string[]>([]);
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
  const requestedAt = useRef(0);

  useEffect(() => {
    // Opened by the route's loader already when the page was opened by its address (agent-socket.ts).
    const ahead = takeAhead(projectKey, sessionId);
    const socket = ahead?.socket ?? agentSocket(projectKey, sessionId);
    socketRef.current = socket;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const mine = (meta: unknown) => (meta as { tabId?: string } | undefined)?.tabId === tabRef.current;
    const setOrder = (next: string[]) => {
      orderRef.current = next;
      setTabOrder(next);
    };
    const show = (id: string | null) => {
      tabRef.current = id;
      setTabId(id);
      onEventsRef.current(id ? [...(buffers.current.get(id) ?? [])] : [], true);
    };
    // Every tab's events are kept from its last Meta on: the agent may switch to it at any time.
    const received = (meta: unknown, events: RrwebEvent[]) => {
      const id = (meta as { tabId?: unknown } | undefined)?.tabId;
      if (typeof id !== 'string') return;
      let buf = buffers.current.get(id) ?? [];
      for (const ev of events) {
        if (ev.type === META) buf = [];
        if (buf.length || ev.type === META) buf.push(ev);
      }
      buffers.current.set(id, buf.length > TAB_BUFFER_MAX ? [] : buf);
      if (id === tabRef.current) onEventsRef.current(events);
    };
    const clearTimer = () => {
      if (timeoutRef.current) clearTimeout(timeoutRef.current);
      timeoutRef.current = null;
    };
    // A refusal by the relay is final for this attempt (socket.io does not retry it); a plain
    // connection error is retried by socket.io's own backoff.
    socket.on('connect_error', (err) => {
      const state = connectErrorState(err);
      setConnection(state);
      const after = RETRY_AFTER_REFUSAL_MS[state as keyof typeof RETRY_AFTER_REFUSAL_MS];
      if (after && !socket.active) {
        clearTimeout(retry);
        retry = setTimeout(() => socket.connect(), after);
      }
    });
    socket.io.on('reconnect_failed', () => setConnection('failed'));
    socket.on('disconnect', (reason) => {
      clearTimer();
      // Whatever this socket held dies with it on the server.
      setControl((now) => (now === 'granted' || now === 'requesting' ? 'lost' : now));
      setConnection('reconnecting');
      // The server closed this socket itself: socket.io leaves reconnecting to us.
      if (reason === 'io server disconnect') socket.connect();
    });
    // The browser knows before the socket's heartbeat does (~45 s): drop at once and reconnect on return.
    const offline = () => {
      if (socket.connected) socket.io.engine?.close();
      else setConnection('reconnecting');
    };
    const online = () => {
      if (socket.connected) return;
      socket.disconnect();
      socket.connect();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    socket.on(ServerEvent.ASSIST_ERROR, (e: unknown) => {
      const parsed = assistError.safeParse(e);
      if (!parsed.success) return;
      setRefusal((r) => ({ ...parsed.data, n: (r?.n ?? 0) + 1 }));
      if (parsed.data.code === 'not_granted') setControl((now) => (now === 'granted' ? 'revoked' : now));
    });
    socket.on(ServerEvent.AGENT_WELCOME, (w: unknown) => {
      const parsed = agentWelcome.safeParse(w);
      if (!parsed.success) return;
      setWelcome(parsed.data);
      setTabs(Object.fromEntries(parsed.data.tabs.map((t) => [t.tabId, t.sessionInfo as TabInfo] as const)));
      setOrder(parsed.data.tabs.map((t) => t.tabId));
      setConnection(parsed.data.tabs.length ? 'live' : 'no-session');
      // The tab watched before a reconnect may be gone: then watch the first one there is.
      if (tabRef.current && !parsed.data.tabs.some((t) => t.tabId === tabRef.current)) tabRef.current = null;
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
    socket.on(ServerEvent.SESSION_DISCONNECTED, () => {
      clearTimer();
      // The server drops a tab's grant when the tab goes.
      setControl((now) => (now === 'granted' || now === 'requesting' ? 'ended' : now));
      setConnection('no-session');
    });
    socket.on(ServerEvent.SESSION_RECONNECTED, () => setConnection('live'));
    socket.on(ServerEvent.TAB_JOINED, (tab: { tabId?: unknown; sessionInfo?: unknown }) => {
      const id = tab?.tabId;
      if (typeof id !== 'string') return;
      const info = (tab.sessionInfo && typeof tab.sessionInfo === 'object' ? tab.sessionInfo : {}) as TabInfo;
      setTabs((all) => ({ ...all, [id]: { ...all[id], ...info } }));
      if (!orderRef.current.includes(id)) setOrder([...orderRef.current, id]);
      setTabJoined((j) => ({ tabId: id, n: (j?.n ?? 0) + 1 }));
      setConnection('live');
      if (!tabRef.current) show(id);
    });
    socket.on(ServerEvent.TAB_LEFT, (id: unknown) => {
      if (typeof id !== 'string') return;
      buffers.current.delete(id);
      const rest = orderRef.current.filter((t) => t !== id);
      setOrder(rest);
      // The mirror follows the learner to a tab still open; the last tab keeps its last frame (a reload
      // brings it back in a moment).
      if (tabRef.current === id && rest[0]) show(rest[0]);
    });
    socket.on('UPDATE_SESSION', (env: { meta?: { tabId?: unknown }; data?: unknown }) => {
      const id = env?.meta?.tabId;
      if (typeof id !== 'string' || !env.data || typeof env.data !== 'object') return;
      const u = env.data as Record<string, unknown>;
      setTabs((all) => {
        const next: TabInfo = { ...all[id] };
        if (typeof u.pageTitle === 'string') next.pageTitle = u.pageTitle;
        if (typeof u.url === 'string') next.url = u.url;
        if (typeof u.active === 'boolean') next.active = u.active;
        return { ...all, [id]: next };
      });
    });
    const sharing = (paused: boolean) => (env: { meta?: { tabId?: unknown } }) => {
      const id = env?.meta?.tabId;
      if (typeof id !== 'string') return;
      setTabs((all) =>
        Boolean(all[id]?.sharingPaused) === paused
          ? all
          : { ...all, [id]: { ...all[id], sharingPaused: paused } },
      );
    };
    socket.on('sharing_paused', sharing(true));
    socket.on('sharing_resumed', sharing(false));
    // A tab that streams again shares again (its resume may have been said while this socket was down).
    const streaming = sharing(false);
    socket.on('messages', (env: { meta: unknown; data: unknown }) => {
      streaming(env as { meta?: { tabId?: unknown } });
      if (!tabRef.current && env?.meta) {
        tabRef.current = (env.meta as { tabId: string }).tabId;
        setTabId(tabRef.current);
      }
      received(env?.meta, rrwebEventsOf(env?.data));
    });
    socket.on('messages_gz', async (env: { meta: unknown; data: ArrayBuffer }) => {
      streaming(env as { meta?: { tabId?: unknown } });
      try {
        received(env?.meta, rrwebEventsOf(await gunzipJson(env.data)));
      } catch {
        // A corrupt frame is skipped; the next full snapshot repairs the view.
      }
    });
    const answer = (state: ControlState) => (env: { meta: unknown; data?: unknown }) => {
      if (!mine(env?.meta)) return;
      const forMe = env.data === undefined || env.data === socket.id;
      if (!forMe) return;
      clearTimer();
      // The learner's own 30 s time-out also answers control_rejected: that is a time-out, not a "no"
      // (a throttled console tab may hear it before its own timer fires).
      const timedOut =
        state === 'denied' &&
        Date.now() - requestedAt.current >= REMOTE_CONTROL_TIMEOUT_MS - TIMEOUT_MARGIN_MS;
      // control_rejected while granted is the learner taking control back.
      setControl((now) =>
        now === 'requesting' && timedOut
          ? 'timeout'
          : state !== 'denied' || now === 'requesting'
            ? state
            : now === 'granted'
              ? 'ended'
              : now,
      );
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
    // What the socket opened ahead heard before these listeners were on it, in order.
    ahead?.replay();
    return () => {
      clearTimer();
      clearTimeout(retry);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      socket.disconnect();
    };
  }, [projectKey, sessionId]);

  const send = useCallback((event: AgentEventName, data?: unknown) => {
    if (!tabRef.current) return;
    socketRef.current?.emit(event, { meta: { tabId: tabRef.current }, data: data ?? null });
  }, []);

  const requestControl = useCallback(() => {
    setControl('requesting');
    requestedAt.current = Date.now();
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

  const retryNow = useCallback(() => {
    const socket = socketRef.current;
    if (!socket || socket.connected) return;
    setConnection('connecting');
    socket.disconnect();
    socket.connect();
  }, []);

  const dismissRefusal = useCallback(() => setRefusal(null), []);

  const chooseTab = useCallback((id: string) => {
    if (id === tabRef.current) return;
    tabRef.current = id;
    setTabId(id);
    onEventsRef.current([...(buffers.current.get(id) ?? [])], true);
  }, []);

  return {
    connection,
    welcome,
    config,
    tabId,
    /** What each learner tab last said about itself (title, address, active). */
    tabs,
    /** The learner's tabs connected now, in the order they came. */
    tabOrder,
    chooseTab,
    /** The last tab to (re)join, bumped each time. */
    tabJoined,
    /** The server's last refusal of one of this agent's events (n changes with each). */
    refusal,
    dismissRefusal,
    /** Connects again at once (after a refusal or when socket.io gave up). */
    retryNow,
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
