import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { broadcastMails, mailPreferences, notificationBroadcasts } from '../../db/schema.ts';
import type { Mailer } from '../../lib/mail.ts';
import { labelUsers } from '../account/index.ts';
import { broadcastMail } from './broadcast-mail.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

export interface BroadcastMailDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  /** Signs the unsubscribe links (the server's signing secret; the token carries its own label). */
  secret: string;
  log: FastifyBaseLogger;
}

/** Mails per pass: one pass holds at most this many rows, so a broadcast to thousands never blocks a process. */
export const BROADCAST_MAIL_BATCH = 50;
/** A row a process took but never finished (it died) is taken again after this. */
const LEASE_MS = 10 * 60_000;

/**
 * Sends one bounded batch of queued broadcast mails (ADR 0063). Rows are taken with FOR UPDATE SKIP LOCKED, so
 * several processes share the queue without sending a mail twice. The learner's preference is read when the row's
 * turn comes: one who unsubscribed after the broadcast was composed is skipped. Answers how many rows it took.
 */
export async function sendBroadcastMails(
  deps: BroadcastMailDeps,
  limit = BROADCAST_MAIL_BATCH,
  now = new Date(),
): Promise<number> {
  const lease = new Date(now.getTime() - LEASE_MS);
  const rows = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ broadcastId: broadcastMails.broadcastId, userId: broadcastMails.userId })
      .from(broadcastMails)
      .where(
        or(
          eq(broadcastMails.state, 'pending'),
          and(eq(broadcastMails.state, 'sending'), lt(broadcastMails.claimedAt, lease)),
        ),
      )
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length) {
      await tx
        .update(broadcastMails)
        .set({ state: 'sending', claimedAt: now })
        .where(or(...due.map((r) => rowIs(r.broadcastId, r.userId))));
    }
    return due;
  });
  if (!rows.length) return 0;
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const [prefs, labels, broadcasts] = await Promise.all([
    deps.db.select().from(mailPreferences).where(inArray(mailPreferences.userId, userIds)),
    labelUsers(deps.db, userIds),
    deps.db
      .select()
      .from(notificationBroadcasts)
      .where(inArray(notificationBroadcasts.id, [...new Set(rows.map((r) => r.broadcastId))])),
  ]);
  const optedOut = new Set(prefs.filter((p) => !p.classAnnouncements).map((p) => p.userId));
  const byId = new Map(broadcasts.map((b) => [b.id, b]));
  for (const r of rows) {
    const label = labels.get(r.userId);
    const b = byId.get(r.broadcastId);
    let state: 'sent' | 'skipped' | 'failed' = 'skipped';
    if (label && b && !optedOut.has(r.userId)) {
      try {
        await deps.mailer.send(
          broadcastMail({
            to: label.email,
            nickname: label.nickname,
            title: b.title,
            body: b.body,
            link: b.link,
            publicUrl: deps.publicUrl,
            unsubscribeToken: unsubscribeToken(deps.secret, r.userId),
          }),
        );
        state = 'sent';
      } catch (err) {
        deps.log.error({ err, broadcastId: r.broadcastId, userId: r.userId }, 'broadcast mail failed');
        state = 'failed';
      }
    }
    await deps.db
      .update(broadcastMails)
      .set({ state, doneAt: new Date() })
      .where(rowIs(r.broadcastId, r.userId));
  }
  return rows.length;
}

const rowIs = (broadcastId: string, userId: string) =>
  and(eq(broadcastMails.broadcastId, broadcastId), eq(broadcastMails.userId, userId));
