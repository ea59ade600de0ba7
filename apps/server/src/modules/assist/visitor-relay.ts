import { ServerEvent, visitorPeerId } from '@atrium/protocol/assist';
import { withPeerCredential } from './peer-credential.ts';
import {
  ALL_VISITORS,
  type AssistSocket,
  agentsRoom,
  publicAgentInfo,
  type RelayContext,
  refuse,
  relayToAgents,
  tabRoom,
  tabsRoom,
  type VisitorData,
} from './relay-context.ts';
import { envelope, visitorEvent } from './relay-events.ts';
import { guarded } from './relay-guard.ts';
import type { SocketBudget } from './socket-budget.ts';

/**
 * A visitor tab in its room: joins, hears the agents already there, and from then on every event it
 * sends goes, checked against the protocol, to the room's agents under the handshake's tab id.
 */
export async function relayVisitor(ctx: RelayContext, socket: AssistSocket, budget: SocketBudget) {
  const data = socket.data as VisitorData;
  const { room, tabId } = data;
  const { io } = ctx;
  await socket.join([room, tabsRoom(room), tabRoom(room, tabId), ALL_VISITORS]);
  // Newest wins: a reload or reconnect of the same tab replaces a socket the server has not seen close
  // yet, on whichever process it is (the request also comes back to this one: hence the except).
  io.in(tabRoom(room, tabId)).except(socket.id).disconnectSockets(true);
  // With the credential for this tab's PeerJS id: no one else can register it (ADR 0042).
  const peerId = visitorPeerId(data.projectKey, data.sessionId, tabId);
  socket.emit(ServerEvent.ASSIST_CONFIG, withPeerCredential(ctx.config, ctx.peerSecret, 'v', peerId));
  // The agents' tab list (and a call cut by this tab's reload) follows every join, also without agents yet.
  socket.to(agentsRoom(room)).emit(ServerEvent.TAB_JOINED, {
    tabId,
    sessionInfo: { pageTitle: data.pageTitle, active: data.active, url: data.url },
  });
  const agents = await io.in(agentsRoom(room)).fetchSockets();
  if (agents.length > 0) {
    socket.emit(
      ServerEvent.AGENTS_CONNECTED,
      agents.map((a) => a.id),
    );
    socket.emit(
      ServerEvent.AGENTS_INFO_CONNECTED,
      agents.map((a) => ({ ...publicAgentInfo(a.data), agentId: a.id })),
    );
    socket.to(agentsRoom(room)).emit(ServerEvent.SESSION_RECONNECTED, socket.id);
  }
  ctx.notifyConsoles(data.sessionId);

  socket.onAny((event: string, ...args: unknown[]) =>
    guarded(ctx.log, socket, event, () => onVisitorEvent(ctx, socket, budget, event, args[0])),
  );
  socket.on('disconnect', () => guarded(ctx.log, socket, 'disconnect', () => onVisitorGone(ctx, data)));
}

function onVisitorEvent(
  ctx: RelayContext,
  socket: AssistSocket,
  budget: SocketBudget,
  event: string,
  arg: unknown,
) {
  const data = socket.data as VisitorData;
  const { room, tabId } = data;
  if (!budget.takeEvent()) return refuse(socket, event, 'rate_limited', 'too many events');
  const known = visitorEvent(event);
  if (!known) return refuse(socket, event, 'bad_event', 'unknown event');
  const { name } = known;
  // OpenReplay's older trackers send bare data; wrap it the way its server does.
  const env = envelope.safeParse(arg);
  const parsed = known.data.safeParse(env.success ? env.data.data : arg);
  if (!parsed.success) return refuse(socket, event, 'bad_event', 'invalid payload');
  if (name === 'control_granted' && typeof parsed.data === 'string') ctx.setGrant(room, tabId, parsed.data);
  // Only the learner's own answer makes a recording uploadable (issue 18, finding 13).
  if (name === 'recording_accepted' && typeof parsed.data === 'string')
    ctx.recordingAccepted(room, tabId, parsed.data);
  // The learner hung up on (or declined) that agent's call.
  if (name === 'call_end' && typeof parsed.data === 'string')
    ctx.activity.end(parsed.data, 'call', data.sessionId);
  if (name === 'control_rejected') {
    const holder = ctx.grants.get(room, tabId);
    if (!parsed.data || parsed.data === holder) ctx.setGrant(room, tabId, null);
  }
  if (name === 'UPDATE_SESSION') {
    const u = parsed.data as { pageTitle?: string; active?: boolean; url?: string; userID?: string | null };
    if (u.pageTitle !== undefined) data.pageTitle = u.pageTitle;
    if (u.active !== undefined) data.active = u.active;
    if (u.url !== undefined && u.url !== data.url) {
      data.url = u.url;
      data.pageSince = new Date().toISOString();
    }
    if (u.userID !== undefined) data.userId = u.userID;
    ctx.notifyConsoles(data.sessionId);
  }
  // socket.io encodes a broadcast before it looks for recipients: alone, a tab nobody watches (a flooder's,
  // say) costs no encoding. With other processes an agent may be elsewhere, so it is always sent.
  if (ctx.alone && !ctx.io.sockets.adapter.rooms.has(agentsRoom(room))) return;
  // The tab id is the handshake's: a visitor cannot speak for another tab.
  relayToAgents(socket.to(agentsRoom(room)), name, { meta: { tabId }, data: parsed.data });
}

async function onVisitorGone(ctx: RelayContext, data: VisitorData) {
  if (ctx.closing()) return;
  const { room, tabId } = data;
  if (ctx.grants.get(room, tabId)) ctx.setGrant(room, tabId, null);
  ctx.notifyConsoles(data.sessionId);
  const tabs = await ctx.io
    .in(tabsRoom(room))
    .fetchSockets()
    .catch(() => null);
  // Not knowing (another process did not answer), the tab is taken as still there.
  if (!tabs) return;
  // A reload's new socket may already be there: the tab is gone only when none of its sockets is left.
  if (!tabs.some((t) => (t.data as Partial<VisitorData>).tabId === tabId))
    ctx.io.to(agentsRoom(room)).emit(ServerEvent.TAB_LEFT, tabId);
  if (tabs.length === 0) ctx.io.to(agentsRoom(room)).emit(ServerEvent.SESSION_DISCONNECTED);
}
