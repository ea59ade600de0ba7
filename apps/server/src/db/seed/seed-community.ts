import { inArray } from 'drizzle-orm';
import { ensureAccount } from '../../modules/account/index.ts';
import { notifyUser } from '../../modules/notify/index.ts';
import { claimReminder } from '../../modules/training/index.ts';
import type { Database } from '../client.ts';
import {
  certificates,
  chapters,
  checkIns,
  classLinks,
  classMembers,
  classSessions,
  subChapters,
  taskProgress,
  tasks,
  trainingClasses,
  users,
} from '../schema.ts';
import {
  communityClasses,
  communityEmails,
  demoCertificate,
  demoClassmates,
  demoInbox,
  demoVerificationId,
  MIN,
} from './community-demo-data.ts';
import { seedId } from './seed-id.ts';

// Tests and journeys find the seeded rows by their keys.
export { seedId };

/**
 * Loads the demo learning community (community-demo-data.ts) at times relative to `now`. Rows have ids
 * derived from fixed keys and are inserted with ON CONFLICT DO NOTHING, so a second run adds nothing.
 */

export interface SeededCommunity {
  classes: number;
  learnerId: string | null;
}

/** Loads the community; needs the demo accounts (seed-demo-accounts) to exist for memberships. */
export async function seedCommunity(db: Database, now = new Date()): Promise<SeededCommunity> {
  for (const mate of demoClassmates) await ensureAccount(db, mate);
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [communityEmails.learner, ...communityEmails.classmates]));
  const idOf = (email: string) => people.find((p) => p.email === email)?.id ?? null;
  const learnerId = idOf(communityEmails.learner);
  const mateIds = communityEmails.classmates.map(idOf).filter((id): id is string => id !== null);
  const at = (offset: number) => new Date(now.getTime() + offset);

  for (const c of communityClasses) {
    const classId = seedId(`class:${c.key}`);
    await db
      .insert(trainingClasses)
      .values({
        id: classId,
        name: c.name,
        description: c.description,
        welcome: c.welcome,
        published: c.published,
        createdAt: at(-c.createdAgo),
      })
      .onConflictDoNothing();

    const members = [...(c.learnerIsMember && learnerId ? [learnerId] : []), ...(c.published ? mateIds : [])];
    if (members.length) {
      await db
        .insert(classMembers)
        .values(members.map((userId) => ({ classId, userId, joinedAt: at(-c.createdAgo) })))
        .onConflictDoNothing();
    }

    for (const s of c.sessions) {
      const startsAt = at(s.start);
      await db
        .insert(classSessions)
        .values({
          id: seedId(`session:${c.key}:${s.key}`),
          classId,
          title: s.title,
          startsAt,
          endsAt: new Date(startsAt.getTime() + s.minutes * MIN),
          checkInOpensAt: new Date(startsAt.getTime() + s.checkIn[0]),
          checkInClosesAt: new Date(startsAt.getTime() + s.checkIn[1]),
          liveUrl: s.live ?? null,
        })
        .onConflictDoNothing();
    }
    // The demo learner attended the sessions that are over, so the history looks real.
    if (c.learnerIsMember && learnerId) {
      const past = c.sessions.filter((s) => s.start + s.checkIn[1] < 0);
      if (past.length) {
        await db
          .insert(checkIns)
          .values(
            past.map((s) => ({
              sessionId: seedId(`session:${c.key}:${s.key}`),
              userId: learnerId,
              checkedInAt: at(s.start),
            })),
          )
          .onConflictDoNothing();
      }
    }

    for (const [ci, ch] of c.chapters.entries()) {
      const chapterId = seedId(`chapter:${c.key}:${ch.key}`);
      await db
        .insert(chapters)
        .values({
          id: chapterId,
          classId,
          name: ch.name,
          enable: ch.enable ?? true,
          published: ch.published ?? true,
          sort: ci,
        })
        .onConflictDoNothing();
      await db
        .insert(subChapters)
        .values(
          ch.subs.map((s, si) => ({
            id: seedId(`sub:${c.key}:${ch.key}:${s.key}`),
            chapterId,
            name: s.name,
            icon: s.icon,
            type: s.type,
            content: s.content,
            enable: s.enable ?? true,
            published: s.published ?? true,
            sort: si,
          })),
        )
        .onConflictDoNothing();
    }

    for (const t of c.tasks) {
      const taskId = seedId(`task:${c.key}:${t.key}`);
      await db
        .insert(tasks)
        .values({
          id: taskId,
          classId,
          title: t.title,
          description: t.description,
          dueAt: at(t.due),
          points: t.points,
          published: t.published ?? true,
          createdAt: at(-c.createdAgo),
        })
        .onConflictDoNothing();
      if (learnerId && c.learnerIsMember && t.accepted !== undefined) {
        await db
          .insert(taskProgress)
          .values({
            taskId,
            userId: learnerId,
            acceptedAt: at(t.accepted),
            completedAt: t.completed === undefined ? null : at(t.completed),
          })
          .onConflictDoNothing();
      }
    }

    if (c.links.length) {
      await db
        .insert(classLinks)
        .values(
          c.links.map((l, i) => ({
            id: seedId(`link:${c.key}:${l.key}`),
            classId,
            title: l.title,
            url: l.url,
            description: l.description,
            sort: i,
          })),
        )
        .onConflictDoNothing();
    }

    if (c.certificate && learnerId) {
      await db
        .insert(certificates)
        .values({
          id: seedId(`certificate:${c.key}`),
          classId,
          userId: learnerId,
          verificationId: demoVerificationId(c.key),
          className: c.name,
          learnerName: demoCertificate.learnerName,
          issuedAt: at(-demoCertificate.issuedAgo),
        })
        .onConflictDoNothing();
    }
  }
  if (learnerId) await seedMessages(db, learnerId, now);
  return { classes: communityClasses.length, learnerId };
}

/** The demo learner's inbox. Keys are claimed like the reminder sweep's, so the sweep never repeats them. */
async function seedMessages(db: Database, learnerId: string, now: Date) {
  for (const { key, ...message } of demoInbox()) {
    if (await claimReminder(db, key, now)) await notifyUser(db, learnerId, message);
  }
}
