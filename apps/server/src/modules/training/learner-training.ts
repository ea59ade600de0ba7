import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { certificates, checkIns, classMembers, classSessions, trainingClasses } from '../../db/schema.ts';

/** A learner's classes, check-ins and certificates, for the console's learner page. */
export async function learnerTraining(db: Database, userId: string) {
  const classes = await db
    .select({ id: trainingClasses.id, name: trainingClasses.name, joinedAt: classMembers.joinedAt })
    .from(classMembers)
    .innerJoin(trainingClasses, eq(trainingClasses.id, classMembers.classId))
    .where(eq(classMembers.userId, userId))
    .orderBy(asc(trainingClasses.name));
  const attended = await db
    .select({
      sessionId: classSessions.id,
      title: classSessions.title,
      className: trainingClasses.name,
      at: checkIns.checkedInAt,
    })
    .from(checkIns)
    .innerJoin(classSessions, eq(classSessions.id, checkIns.sessionId))
    .innerJoin(trainingClasses, eq(trainingClasses.id, classSessions.classId))
    .where(eq(checkIns.userId, userId))
    .orderBy(desc(checkIns.checkedInAt))
    .limit(200);
  const certs = await db
    .select()
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.issuedAt));
  return {
    classes: classes.map((c) => ({ id: c.id, name: c.name, joined_at: c.joinedAt.toISOString() })),
    check_ins: attended.map((a) => ({
      session_id: a.sessionId,
      title: a.title,
      class_name: a.className,
      checked_in_at: a.at.toISOString(),
    })),
    certificates: certs.map((c) => ({ id: c.id, class_name: c.className, revoked: c.revokedAt !== null })),
  };
}
