import { CONTROL_EVENTS, ServerEvent } from '@atrium/protocol/assist';
import { withPeerCredential } from './peer-credential.ts';
import {
  type AgentData,
  ALL_AGENTS,
  type AssistSocket,
  agentsRoom,
  publicAgentInfo,
  type RelayContext,
  refuse,
  relayToTab,
  tabRoom,
  tabsRoom,
  type VisitorData,
} from './relay-context.ts';
import { agentEvent, envelope } from './relay-events.ts';
import { guarded } from './relay-guard.ts';
import type { SocketBudget } from './socket-budget.ts';

const controlEvents: ReadonlySet<string> = new Set(CONTROL_EVENTS);

/**
 * An agent in a session's room: welcomed with its id, its PeerJS id and the tabs there, announced to
 * the tabs; from then on each event goes, checked, to the one tab named in meta.tabId. Control events
 * pass only from the agent that tab granted.
 */
export async function relayAgent(ctx: RelayContext, socket: AssistSocket, budget: SocketBudget) {
  const data = socket.data as AgentData;
  const { room } = data;
  await socket.join([room, agentsRoom(room), ALL_AGENTS]);
  const tabs = await ctx.io.in(tabsRoom(room)).fetchSockets();
  const info = publicAgentInfo(data);
  // With the credential for this agent's PeerJS id and its canvas peer (ADR 0042).
  const peerConfig = withPeerCredential(ctx.config, ctx.peerSecret, 'a', info.peerId ?? '');
  socket.emit(ServerEvent.ASSIST_CONFIG, peerConfig);
  socket.emit(ServerEvent.AGENT_WELCOME, {
    agentId: socket.id,
    peerId: info.peerId ?? '',
    tabs: tabs.map((t) => {
      const v = t.data as VisitorData;
      return { tabId: v.tabId, sessionInfo: { pageTitle: v.pageTitle, active: v.active, url: v.url } };
    }),
  });
  if (tabs.length === 0) socket.emit(ServerEvent.SESSION_DISCONNECTED);
  socket.to(tabsRoom(room)).emit(ServerEvent.NEW_AGENT, socket.id, info);
  ctx.notifyConsoles(data.sessionId);
  // The live view lasts as long as this socket stays in the room (ADR 0065).
  ctx.activity.start({
    kind: 'live_view',
    sessionId: data.sessionId,
    agentId: data.userId,
    agentSocketId: socket.id,
  });

  socket.onAny((event: string, ...args: unknown[]) =>
    guarded(ctx.log, socket, event, () => onAgentEvent(ctx, socket, budget, event, args[0])),
  );
  socket.on('disconnect', () =>
    guarded(ctx.log, socket, 'disconnect', () => onAgentGone(ctx, socket.id, data)),
  );
}

function onAgentEvent(
  ctx: RelayContext,
  socket: AssistSocket,
  budget: SocketBudget,
  event: string,
  arg: unknown,
) {
  const data = socket.data as AgentData;
  const { room } = data;
  if (!budget.takeEvent()) return refuse(socket, event, 'rate_limited', 'too many events');
  const known = agentEvent(event);
  if (!known) return refuse(socket, event, 'bad_event', 'unknown event');
  const { name } = known;
  const env = envelope.safeParse(arg);
  if (!env.success) return refuse(socket, event, 'bad_event', 'meta.tabId required');
  const parsed = known.data.safeParse(env.data.data);
  if (!parsed.success) return refuse(socket, event, 'bad_event', 'invalid payload');
  const tabId = env.data.meta.tabId;
  if (controlEvents.has(name) && ctx.grants.get(room, tabId) !== socket.id)
    return refuse(socket, event, 'not_granted', 'remote control not granted');
  let payload: unknown = parsed.data;
  // The learner sees the account's name, whatever the agent's client says.
  if (name === '_agent_name' || name === 'request_control') payload = data.name;
  if (name === 'request_recording') {
    payload = JSON.stringify({ name: data.name });
    ctx.recordingRequested(room, tabId, socket.id, data.userId, data.sessionId);
  }
  if (name === 'release_control' && ctx.grants.get(room, tabId) === socket.id)
    ctx.setGrant(room, tabId, null);
  if (name === 'call_end') ctx.activity.end(socket.id, 'call');
  relayToTab(ctx.io.to(tabRoom(room, tabId)), name, socket.id, { meta: { tabId }, data: payload });
}

async function onAgentGone(ctx: RelayContext, agentId: string, data: AgentData) {
  if (ctx.closing()) return;
  const { room } = data;
  // Whatever the agent was doing (watching, a call, control) ends when it leaves, unless the same account
  // comes back within the grace (a reload, a network drop: ADR 0068). Its live view goes on if the account
  // still watches from another socket (another console tab).
  ctx.activity.leave(agentId, async () => {
    const here = await ctx.io.in(agentsRoom(room)).fetchSockets();
    const same = here.find(
      (s) => s.id !== agentId && s.data.kind === 'agent' && (s.data as AgentData).userId === data.userId,
    );
    return same?.id ?? null;
  });
  ctx.dropAgent(agentId);
  ctx.io.to(tabsRoom(room)).emit(ServerEvent.AGENT_DISCONNECTED, agentId);
  ctx.notifyConsoles(data.sessionId);
  // Another process not answering in time: say nothing rather than a wrong NO_AGENT.
  const agents = await ctx.io
    .in(agentsRoom(room))
    .fetchSockets()
    .catch(() => [{}]);
  if (agents.length === 0) ctx.io.to(tabsRoom(room)).emit(ServerEvent.NO_AGENT);
}
