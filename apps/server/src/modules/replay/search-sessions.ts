import { type RecordingSearch, recordingPagingNames, recordingSearchKind } from '@atrium/protocol/recordings';
import type { Database } from '../../db/client.ts';
import { findUsersByText, labelUsers } from '../account/index.ts';
import { listSessions } from '../ingest/index.ts';

/**
 * The console's sessions search: `learner` (id, e-mail or nickname) becomes the matching accounts' ids,
 * then the recording filters apply; each session comes back with its learner's e-mail and nickname.
 */
export async function searchSessions(db: Database, query: RecordingSearch, idleSeconds: number) {
  let userIds: string[] | undefined;
  if (query.learner) userIds = (await findUsersByText(db, query.learner)).map((u) => u.id);
  if (query.user_id) userIds = userIds ? userIds.filter((id) => id === query.user_id) : [query.user_id];
  const result = await listSessions(db, {
    projectId: query.project_id,
    userIds,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    minDurationMs: query.min_duration_ms,
    maxDurationMs: query.max_duration_ms,
    minPages: query.min_pages,
    hasErrors: query.has_errors,
    hasFailedRequests: query.has_failed_requests,
    browser: query.browser,
    os: query.os,
    url: query.url,
    signal: query.signal,
    terms: recordingSearchKind.options.flatMap((kind) => {
      const text = query[kind];
      return text ? [{ kind, text }] : [];
    }),
    sort: query.sort,
    order: query.order,
    page: query.page,
    pageSize: query.page_size,
    idleSeconds,
  });
  // The verified learner when there is one, else the claimed id's account (the console marks it claimed).
  const learnerOf = (s: { user_id: string | null; verified_user_id: string | null }) =>
    s.verified_user_id ?? s.user_id;
  const labels = await labelUsers(
    db,
    result.sessions.flatMap((s) => learnerOf(s) ?? []),
  );
  return {
    total: result.total,
    total_capped: result.totalCapped,
    sessions: result.sessions.map((s) => {
      const id = learnerOf(s);
      const learner = id ? labels.get(id) : undefined;
      return { ...s, learner_email: learner?.email ?? null, learner_nickname: learner?.nickname ?? null };
    }),
  };
}

// Paging and order say nothing about whose recordings were looked for.
const notFilters = new Set<string>(recordingPagingNames);

/** The filters of a search as the audit trail keeps them (ADR 0044): who was looked for, and how. */
export function searchFilters(query: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([key, value]) => value !== undefined && !notFilters.has(key))
      .map(([key, value]) => [key, String(value)]),
  );
}
