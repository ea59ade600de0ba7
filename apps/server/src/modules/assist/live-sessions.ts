import type { LiveSession } from '@atrium/protocol/assist';
import type { Database } from '../../db/client.ts';
import { labelUsers } from '../account/index.ts';
import { verifiedLearners } from '../ingest/index.ts';
import { listClassMemberIds } from '../training/index.ts';
import { ALL_AGENTS, ALL_VISITORS, type AssistIo } from './relay-context.ts';

export interface LiveSessionsFilter {
  q?: string;
  userId?: string;
  projectKey?: string;
  active?: '0' | '1';
  /** The learner's name or e-mail contains this. */
  learner?: string;
  /** The current page's address or title contains this. */
  page?: string;
  /** Only members of this class. */
  class_id?: string;
  /** The browser ("Chrome 131") contains this. */
  browser?: string;
  limit: number;
}

const contains = (value: string | null | undefined, part: string | undefined) =>
  !part || (value ?? '').toLowerCase().includes(part.toLowerCase());

/**
 * The live sessions with the learner the server recorded for each (ADR 0045's verified user, as the replay
 * shows it) and that account's name and e-mail, searchable by them too. A visitor's claimed id names nobody.
 */
export async function listLiveSessionsWithLearners(
  io: AssistIo,
  db: Database,
  filter: LiveSessionsFilter,
): Promise<LiveSession[]> {
  const all = await listLiveSessions(io, { ...filter, q: undefined, limit: Number.MAX_SAFE_INTEGER });
  if (all.length === 0) return [];
  const verified = await verifiedLearners(
    db,
    all.map((s) => s.sessionId),
  );
  const labels = await labelUsers(db, [...verified.values()]);
  // Class membership is the training module's; only the members' ids cross over (ADR 0065).
  const members = filter.class_id ? new Set(await listClassMemberIds(db, filter.class_id)) : null;
  const q = filter.q?.toLowerCase();
  return all
    .map((s) => {
      const id = verified.get(s.sessionId);
      const label = id ? labels.get(id) : undefined;
      return { ...s, learner: id && label ? { id, name: label.nickname, email: label.email } : null };
    })
    .filter(
      (s) =>
        !q ||
        [s.learner?.name, s.learner?.email, s.pageTitle, s.url, s.sessionId].some((v) =>
          v?.toLowerCase().includes(q),
        ),
    )
    .filter(
      (s) =>
        (!filter.learner ||
          contains(s.learner?.name, filter.learner) ||
          contains(s.learner?.email, filter.learner)) &&
        (!filter.page || contains(s.pageTitle, filter.page) || contains(s.url, filter.page)) &&
        (!members || (s.learner !== null && members.has(s.learner.id))) &&
        contains(s.browser, filter.browser),
    )
    .slice(0, filter.limit);
}

/** Every live session on every process, grouped by session, newest first. */
export async function listLiveSessions(io: AssistIo, filter: LiveSessionsFilter): Promise<LiveSession[]> {
  const [visitors, agents] = await Promise.all([
    io.in(ALL_VISITORS).fetchSockets(),
    io.in(ALL_AGENTS).fetchSockets(),
  ]);
  const agentCount = new Map<string, number>();
  for (const a of agents) {
    const d = a.data;
    if (d.kind === 'agent') agentCount.set(d.room, (agentCount.get(d.room) ?? 0) + 1);
  }
  const byRoom = new Map<string, LiveSession>();
  for (const s of visitors) {
    const d = s.data;
    if (d.kind !== 'visitor') continue;
    const seen = byRoom.get(d.room);
    if (seen) {
      seen.tabs += 1;
      // The active tab speaks for the session.
      if (d.active && !seen.active)
        Object.assign(seen, {
          active: true,
          pageTitle: d.pageTitle,
          url: d.url,
          pageSince: d.pageSince,
          browser: d.browser ?? '',
        });
      if (d.connectedAt < seen.connectedAt) seen.connectedAt = d.connectedAt;
      continue;
    }
    byRoom.set(d.room, {
      projectKey: d.projectKey,
      sessionId: d.sessionId,
      userId: d.userId,
      userUuid: d.userUuid,
      learner: null,
      pageTitle: d.pageTitle,
      url: d.url,
      pageSince: d.pageSince ?? d.connectedAt,
      active: d.active,
      tabs: 1,
      agents: agentCount.get(d.room) ?? 0,
      connectedAt: d.connectedAt,
      // Absent on a socket of a process that predates the field (a rolling deploy).
      browser: d.browser ?? '',
    });
  }
  const q = filter.q?.toLowerCase();
  return [...byRoom.values()]
    .filter((s) => !filter.projectKey || s.projectKey === filter.projectKey)
    .filter((s) => !filter.userId || s.userId === filter.userId)
    .filter((s) => !filter.active || s.active === (filter.active === '1'))
    .filter(
      (s) => !q || [s.userId, s.pageTitle, s.url, s.sessionId].some((v) => v?.toLowerCase().includes(q)),
    )
    .sort((a, b) => b.connectedAt.localeCompare(a.connectedAt))
    .slice(0, filter.limit);
}

/** True when some visitor tab or agent of this room is connected to any process. */
export async function isRoomLive(io: AssistIo, room: string): Promise<boolean> {
  return (await io.in(room).fetchSockets()).length > 0;
}
