import type { ClassSession } from '@atrium/protocol/training';
import type { classSessions } from '../../db/schema.ts';

export type SessionRow = typeof classSessions.$inferSelect;

export function toSessionView(row: SessionRow): ClassSession {
  return {
    id: row.id,
    title: row.title,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    check_in_opens_at: row.checkInOpensAt.toISOString(),
    check_in_closes_at: row.checkInClosesAt.toISOString(),
    live_url: row.liveUrl,
  };
}
