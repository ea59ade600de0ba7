import type { BroadcastInput, BroadcastView } from '@atrium/protocol/community';
import type { NotifyCategory } from '@atrium/protocol/notify';
import { and, count, desc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { broadcastMails, notificationBroadcasts, notifications } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { findUserIds } from '../account/index.ts';
import { classAudience } from './class-audience.ts';
import { notifyUsers } from './notify-users.ts';

type Row = typeof notificationBroadcasts.$inferSelect;
/** At most a year ahead: a typo in the year should not hide a message for a decade. */
const MAX_AHEAD_MS = 366 * 24 * 3_600_000;

const toView = (r: Row, read: number): BroadcastView => ({
  id: r.id,
  audience: r.audience,
  target_id: r.targetId,
  title: r.title,
  body: r.body,
  category: r.category as NotifyCategory,
  link: r.link,
  send_at: r.sendAt.toISOString(),
  sent_at: r.sentAt?.toISOString() ?? null,
  recipients: r.recipients,
  read,
  also_mail: r.alsoMail,
});

async function recipientsOf(db: Database, r: Pick<Row, 'audience' | 'targetId'>): Promise<string[]> {
  if (r.audience === 'all') return findUserIds(db);
  if (r.audience === 'class') return classAudience().memberIds(db, r.targetId!);
  return findUserIds(db, [r.targetId!]);
}

/**
 * Composes a message to one learner, a class or everyone. Without `send_at` (or with a time already
 * past) it goes out at once; otherwise the sweep sends it when due. The target must exist now.
 */
export async function composeBroadcast(
  db: Database,
  input: BroadcastInput,
  createdBy: string,
  now = new Date(),
): Promise<BroadcastView> {
  if (input.audience === 'user' && (await findUserIds(db, [input.target_id!])).length === 0) {
    throw badRequest('unknown_users', `找不到使用者：${input.target_id}`);
  }
  if (input.audience === 'class') await classAudience().mustExist(db, input.target_id!);
  const sendAt = input.send_at ? new Date(input.send_at) : now;
  if (sendAt.getTime() - now.getTime() > MAX_AHEAD_MS)
    throw badRequest('send_at_too_far', '排程時間最多一年後');
  const [row] = await db
    .insert(notificationBroadcasts)
    .values({
      audience: input.audience,
      targetId: input.target_id,
      title: input.title,
      body: input.body,
      category: input.category,
      // `#/tasks/my` names the portal route `/tasks/my`, which mail and notification links expect.
      link: input.link?.replace(/^#(?=\/)/, '') ?? null,
      sendAt,
      alsoMail: input.also_mail,
      createdBy,
    })
    .returning();
  if (sendAt.getTime() <= now.getTime()) return toView(await deliver(db, row!, now), 0);
  return toView(row!, 0);
}

/** Sends one broadcast once: the row is claimed by setting sent_at, so two sweeps never both send it. */
async function deliver(db: Database, row: Row, now: Date): Promise<Row> {
  const [claimed] = await db
    .update(notificationBroadcasts)
    .set({ sentAt: now })
    .where(and(eq(notificationBroadcasts.id, row.id), isNull(notificationBroadcasts.sentAt)))
    .returning();
  if (!claimed) return row;
  const ids = await recipientsOf(db, claimed);
  const recipients = await notifyUsers(db, ids, {
    title: claimed.title,
    body: claimed.body,
    category: claimed.category as NotifyCategory,
    link: claimed.link,
    broadcastId: claimed.id,
  });
  // The mail copies go through the queue a background drain empties (send-broadcast-mails.ts), never here.
  if (claimed.alsoMail) {
    for (let i = 0; i < ids.length; i += 1000) {
      await db
        .insert(broadcastMails)
        .values(ids.slice(i, i + 1000).map((userId) => ({ broadcastId: claimed.id, userId })))
        .onConflictDoNothing();
    }
  }
  const [done] = await db
    .update(notificationBroadcasts)
    .set({ recipients })
    .where(eq(notificationBroadcasts.id, claimed.id))
    .returning();
  return done!;
}

/** Due work of the reminder sweep (apps/server/src/reminder-sweep.ts): every scheduled broadcast now due. */
export async function sendDueBroadcasts(db: Database, now = new Date()): Promise<number> {
  const due = await db
    .select()
    .from(notificationBroadcasts)
    .where(and(isNull(notificationBroadcasts.sentAt), lte(notificationBroadcasts.sendAt, now)))
    .limit(100);
  for (const row of due) await deliver(db, row, now);
  return due.length;
}

/** Composed messages, newest first, with how many copies were read. */
export async function listBroadcasts(db: Database): Promise<BroadcastView[]> {
  const rows = await db
    .select()
    .from(notificationBroadcasts)
    .orderBy(desc(notificationBroadcasts.sendAt))
    .limit(200);
  if (!rows.length) return [];
  const reads = await db
    .select({ id: notifications.broadcastId, n: count() })
    .from(notifications)
    .where(
      and(
        inArray(
          notifications.broadcastId,
          rows.map((r) => r.id),
        ),
        isNotNull(notifications.readAt),
      ),
    )
    .groupBy(notifications.broadcastId);
  const readOf = new Map(reads.map((r) => [r.id, r.n]));
  return rows.map((r) => toView(r, readOf.get(r.id) ?? 0));
}

/** A scheduled broadcast can be cancelled until it goes out. */
export async function cancelBroadcast(db: Database, id: string): Promise<void> {
  const gone = await db
    .delete(notificationBroadcasts)
    .where(and(eq(notificationBroadcasts.id, id), isNull(notificationBroadcasts.sentAt)))
    .returning({ id: notificationBroadcasts.id });
  if (!gone.length) throw badRequest('already_sent', '訊息已送出或不存在，無法取消');
}
