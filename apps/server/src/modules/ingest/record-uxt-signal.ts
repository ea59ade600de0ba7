import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestSessions, ingestUxtSignals, ingestUxtTasks, ingestUxtTests } from '../../db/schema.ts';
import { badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import type { SessionClaims } from './session-token.ts';

/**
 * A tester began, finished or skipped a usability test or one of its tasks (with the typed answer).
 * The test must belong to the token's project and the task to the test.
 */
export async function recordUxtSignal(
  db: Database,
  input: {
    claims: SessionClaims;
    testId: number;
    taskId: number | null;
    status: 'begin' | 'done' | 'skipped';
    answer?: string;
    timestamp: number;
  },
) {
  // Ids are int4 and times int8 in the database: out-of-range numbers are bad input, not a crash.
  const int4 = (n: number | null) => n === null || (n >= 1 && n <= 2_147_483_647);
  if (!int4(input.testId) || !int4(input.taskId)) throw notFound('找不到此可用性測試', 'uxt_not_found');
  if (!Number.isSafeInteger(Math.round(input.timestamp))) throw badRequest('bad_timestamp', '時間格式錯誤');
  const [session] = await db
    .select({ id: ingestSessions.id })
    .from(ingestSessions)
    .where(
      and(
        eq(ingestSessions.id, input.claims.sessionId),
        eq(ingestSessions.projectId, input.claims.projectId),
      ),
    )
    .limit(1);
  if (!session && !input.claims.reserved)
    throw unauthorized('此錄影已刪除，將開始新的錄影', 'session_deleted');
  if (!session) throw unauthorized('此錄影工作階段尚未開始', 'session_not_started');
  const [test] = await db
    .select({ id: ingestUxtTests.id })
    .from(ingestUxtTests)
    .where(and(eq(ingestUxtTests.id, input.testId), eq(ingestUxtTests.projectId, input.claims.projectId)))
    .limit(1);
  if (!test) throw notFound('找不到此可用性測試', 'uxt_not_found');
  if (input.taskId !== null) {
    const [task] = await db
      .select({ id: ingestUxtTasks.id })
      .from(ingestUxtTasks)
      .where(and(eq(ingestUxtTasks.id, input.taskId), eq(ingestUxtTasks.testId, test.id)))
      .limit(1);
    if (!task) throw notFound('找不到此測試任務', 'uxt_task_not_found');
  }
  await db.insert(ingestUxtSignals).values({
    sessionId: session.id,
    testId: test.id,
    taskId: input.taskId,
    status: input.status,
    answer: input.answer ?? null,
    timestamp: Math.round(input.timestamp),
  });
}
