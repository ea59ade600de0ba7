import type { CheckInState } from '@atrium/protocol/training';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { checkIns, classSessions } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { type SessionRow, toSessionView } from './session-view.ts';

/** The session that matters now: the one whose window is open, else the next to open, else the last. */
function currentSession(sessions: SessionRow[], now: Date): SessionRow | undefined {
  const t = now.getTime();
  return (
    sessions.find((s) => s.checkInOpensAt.getTime() <= t && t < s.checkInClosesAt.getTime()) ??
    sessions.find((s) => s.checkInOpensAt.getTime() > t) ??
    sessions.at(-1)
  );
}

function windowOf(session: SessionRow | undefined, now: Date): CheckInState['window'] {
  if (!session) return 'none';
  if (now < session.checkInOpensAt) return 'not_open';
  if (now >= session.checkInClosesAt) return 'closed';
  return 'open';
}

/** GET …/check-in: may I check in now, and have I for the current session. */
export async function getCheckInState(
  db: Database,
  classId: string,
  userId: string,
  now = new Date(),
): Promise<CheckInState> {
  const sessions = await db
    .select()
    .from(classSessions)
    .where(eq(classSessions.classId, classId))
    .orderBy(asc(classSessions.checkInOpensAt));
  const session = currentSession(sessions, now);
  const window = windowOf(session, now);
  let checkedInAt: Date | null = null;
  if (session) {
    const [row] = await db
      .select({ at: checkIns.checkedInAt })
      .from(checkIns)
      .where(and(eq(checkIns.sessionId, session.id), eq(checkIns.userId, userId)))
      .limit(1);
    checkedInAt = row?.at ?? null;
  }
  return {
    session: session ? toSessionView(session) : null,
    may_check_in: window === 'open' && !checkedInAt,
    has_checked_in: checkedInAt !== null,
    checked_in_at: checkedInAt?.toISOString() ?? null,
    window,
  };
}

/**
 * POST …/check-in: records the check-in only inside the current session's window, once. A repeat inside
 * the window keeps the first time. The window is judged here on the server clock, never the browser's.
 */
export async function checkIn(
  db: Database,
  classId: string,
  userId: string,
  now = new Date(),
): Promise<CheckInState> {
  const state = await getCheckInState(db, classId, userId, now);
  if (state.window === 'none') throw badRequest('no_session', '這個課程目前沒有排定的課堂');
  if (state.window === 'not_open') throw badRequest('check_in_not_open', '簽到尚未開始，請於開放時間內簽到');
  if (state.window === 'closed') throw badRequest('check_in_closed', '簽到時間已結束');
  if (state.has_checked_in) return state;
  await db
    .insert(checkIns)
    .values({ sessionId: state.session!.id, userId, checkedInAt: now })
    .onConflictDoNothing();
  return getCheckInState(db, classId, userId, now);
}
