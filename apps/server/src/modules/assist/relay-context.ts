import type {
  AgentEventName,
  AgentInfo,
  AgentWelcome,
  AssistConfig,
  AssistEnvelope,
  AssistError,
  VisitorEventName,
} from '@atrium/protocol/assist';
import { agentPeerId, LIVE_SESSIONS_EVENT, ServerEvent } from '@atrium/protocol/assist';
import type { FastifyBaseLogger } from 'fastify';
import type { BroadcastOperator, Socket, Server as SocketServer } from 'socket.io';
import type { ActivityLog } from './assist-activity.ts';
import type { AssistSocketData } from './authorize-socket.ts';
import type { ControlGrants } from './grants.ts';

export type VisitorData = Extract<AssistSocketData, { kind: 'visitor' }>;
export type AgentData = Extract<AssistSocketData, { kind: 'agent' }>;

/** What the server itself emits (ServerEvent), argument by argument: the relay's typed outgoing map. */
export interface ServerEvents {
  [ServerEvent.NEW_AGENT]: (agentId: string, info: AgentInfo) => void;
  [ServerEvent.AGENTS_CONNECTED]: (agentIds: string[]) => void;
  [ServerEvent.AGENTS_INFO_CONNECTED]: (agents: (AgentInfo & { agentId: string })[]) => void;
  [ServerEvent.AGENT_DISCONNECTED]: (agentId: string) => void;
  [ServerEvent.NO_AGENT]: () => void;
  [ServerEvent.SESSION_DISCONNECTED]: () => void;
  [ServerEvent.SESSION_RECONNECTED]: (tabSocketId: string) => void;
  [ServerEvent.TAB_JOINED]: (tab: {
    tabId: string;
    sessionInfo: { pageTitle?: string | null; active?: boolean; url?: string | null };
  }) => void;
  [ServerEvent.TAB_LEFT]: (tabId: string) => void;
  [ServerEvent.ASSIST_CONFIG]: (config: AssistConfig) => void;
  [ServerEvent.AGENT_WELCOME]: (welcome: AgentWelcome) => void;
  [ServerEvent.ASSIST_ERROR]: (error: AssistError) => void;
  [LIVE_SESSIONS_EVENT]: (notice: { sessionId: string }) => void;
}

/** Events the relay passes on: a visitor's to the agents (envelope), an agent's to one tab (agentId, envelope). */
type RelayedEvents = {
  [K in VisitorEventName | AgentEventName]: (...args: unknown[]) => void;
};

export type OutgoingEvents = ServerEvents & RelayedEvents;

/** Server-to-server events of the relay's processes (through the Redis adapter). */
export interface InterServerEvents {
  'assist:grant': (room: string, tabId: string, agentId: string | null) => void;
  'assist:agent-gone': (agentId: string) => void;
  'assist:recording-requested': (
    room: string,
    tabId: string,
    agentSocketId: string,
    userId: string,
    sessionId: string,
  ) => void;
  'assist:recording-accepted': (room: string, tabId: string, agentSocketId: string) => void;
  'assist:recording-used': (sessionId: string, userId: string) => void;
  'assist:peer': (dst: string, frame: string) => void;
}

// Clients' events are read with onAny and looked up in the protocol's tables (relay-events.ts), never typed here.
export type AssistIo = SocketServer<
  Record<string, never>,
  OutgoingEvents,
  InterServerEvents,
  AssistSocketData
>;
export type AssistSocket = Socket<Record<string, never>, OutgoingEvents, InterServerEvents, AssistSocketData>;
export type AssistTarget = AssistSocket | BroadcastOperator<OutgoingEvents, AssistSocketData>;

export const tabsRoom = (room: string) => `${room}:tabs`;
export const tabRoom = (room: string, tabId: string) => `${room}:tab:${tabId}`;
export const agentsRoom = (room: string) => `${room}:agents`;
export const ALL_VISITORS = 'assist:visitors';
export const ALL_AGENTS = 'assist:agents';
export const CONSOLES = 'assist:consoles';

/** What the visitor, agent and console parts of the relay share (built once in assist-relay.ts). */
export interface RelayContext {
  io: AssistIo;
  config: AssistConfig;
  /** Signs each socket's peer credential (the ingest secret: every process checks it, ADR 0042). */
  peerSecret: string;
  grants: ControlGrants;
  log: FastifyBaseLogger;
  /** True without the Redis adapter: this process's rooms are all the rooms there are. */
  alone: boolean;
  /** Records a grant here and on every other process. */
  setGrant(room: string, tabId: string, agentId: string | null): void;
  /** Forgets an agent's grants here and on every other process. */
  dropAgent(agentId: string): void;
  /** Notes an agent's request to record a tab, here and on every other process. */
  recordingRequested(
    room: string,
    tabId: string,
    agentSocketId: string,
    userId: string,
    sessionId: string,
  ): void;
  /** The learner's acceptance of that request, here and on every other process. */
  recordingAccepted(room: string, tabId: string, agentSocketId: string): void;
  /** Tells console list sockets that a session changed (merged per session). */
  notifyConsoles(sessionId: string): void;
  /** True while the relay shuts down: sockets drop on purpose and nothing is announced. */
  closing(): boolean;
  /** What agents do, recorded for the admins' statistics (ADR 0065). */
  activity: ActivityLog;
}

/** Answers the sender that one of its events was refused; the socket stays open. */
export function refuse(socket: AssistSocket, event: string, code: AssistError['code'], message: string) {
  socket.emit(ServerEvent.ASSIST_ERROR, { event, code, message });
}

/** A visitor's event to the agents of its room, in the visitor's envelope. */
export function relayToAgents(target: AssistTarget, name: VisitorEventName, env: AssistEnvelope) {
  target.emit(name, env);
}

/** An agent's event to one tab, the agent's id in front (OpenReplay's argument order). */
export function relayToTab(target: AssistTarget, name: AgentEventName, agentId: string, env: AssistEnvelope) {
  target.emit(name, agentId, env);
}

/** What a visitor tab is told about an agent: the account's name and the server-made PeerJS id. */
export function publicAgentInfo(d: AssistSocketData): AgentInfo {
  if (d.kind !== 'agent') return {};
  return { name: d.name, peerId: agentPeerId(d.projectKey, d.sessionId, d.peerSuffix) };
}
