import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { consoleAudit } from '../db/schema.ts';

/** The console's lists refresh every 10 s: one entry per person, read and filters in this window. */
const REPEAT_WINDOW_MS = 10 * 60_000;

/**
 * Writes a staff read of learner data (the session search, a learner's record) to the console audit trail,
 * before the answer goes out, like recording reads (ADR 0044): a failed write fails the read. The same
 * read repeated within ten minutes is one entry, so a refreshing list does not bury the trail.
 */
export async function auditRead(
  request: FastifyRequest,
  target: Record<string, string>,
  now = new Date(),
): Promise<void> {
  const db = request.server.db;
  const user = request.user!;
  const action = `GET ${request.routeOptions.url ?? request.url.split('?')[0]}`;
  const [recent] = await db
    .select({ id: consoleAudit.id })
    .from(consoleAudit)
    .where(
      and(
        eq(consoleAudit.actorId, user.id),
        eq(consoleAudit.action, action),
        sql`${consoleAudit.target} = ${JSON.stringify(target)}::jsonb`,
        gt(consoleAudit.at, new Date(now.getTime() - REPEAT_WINDOW_MS)),
      ),
    )
    .limit(1);
  if (recent) return;
  await db
    .insert(consoleAudit)
    .values({ actorId: user.id, actorEmail: user.email, action, target, status: 200, at: now });
}
