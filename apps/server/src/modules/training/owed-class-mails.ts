import { eq, like, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { classInvitations, trainingClasses, trainingReminders } from '../../db/schema.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { labelUsers } from '../account/index.ts';
import type { InvitationDeps } from './invitation-deps.ts';
import { enrolmentMail, invitationMail } from './invitation-mails.ts';
import { INVITATION_TTL_MS, newInvitationToken } from './invitation-token.ts';
import { listClassMemberIds } from './open-class.ts';
import { openInvitation } from './open-invitation.ts';

/*
 * A draft class has no page a learner can open, so its enrolment and invitation mails are owed rather than sent
 * (issue 36): one row per mail in training_reminders, keyed `owed-enrol:<class>:<user>` or
 * `owed-invite:<class>:<invitation>`, taken (deleted) when the class is published, so each goes out once.
 */
const enrolKey = (classId: string, userId: string) => `owed-enrol:${classId}:${userId}`;
const inviteKey = (classId: string, invitationId: string) => `owed-invite:${classId}:${invitationId}`;

/** Notes the mails a draft class owes: enrolment mails to these users, invitation mails for these invitations. */
export async function oweClassMails(
  db: Database,
  classId: string,
  owed: { userIds: string[]; invitationIds: string[] },
): Promise<void> {
  const keys = [
    ...owed.userIds.map((id) => enrolKey(classId, id)),
    ...owed.invitationIds.map((id) => inviteKey(classId, id)),
  ];
  if (keys.length === 0) return;
  await db
    .insert(trainingReminders)
    .values(keys.map((key) => ({ key })))
    .onConflictDoNothing();
}

/**
 * When a class is published: sends what it owes, once. Enrolment mails go to those still members; an invitation
 * still open gets a fresh link and a fresh 14-day expiry (its token was never mailed).
 */
export async function sendOwedClassMails(deps: InvitationDeps, classId: string, now = new Date()) {
  const [cls] = await deps.db
    .select({ name: trainingClasses.name, published: trainingClasses.published })
    .from(trainingClasses)
    .where(eq(trainingClasses.id, classId));
  if (!cls?.published) return;
  const taken = await deps.db
    .delete(trainingReminders)
    .where(
      or(
        like(trainingReminders.key, enrolKey(classId, '%')),
        like(trainingReminders.key, inviteKey(classId, '%')),
      ),
    )
    .returning({ key: trainingReminders.key });
  const idsOf = (prefix: string) =>
    taken.filter((t) => t.key.startsWith(prefix)).map((t) => t.key.slice(prefix.length));
  const members = new Set(await listClassMemberIds(deps.db, classId));
  const userIds = idsOf(enrolKey(classId, '')).filter((id) => members.has(id));
  const invitationIds = idsOf(inviteKey(classId, ''));
  const mails: MailMessage[] = [];
  for (const label of (await labelUsers(deps.db, userIds)).values())
    mails.push(
      enrolmentMail({
        to: label.email,
        nickname: label.nickname,
        className: cls.name,
        classId,
        publicUrl: deps.publicUrl,
      }),
    );
  for (const invitationId of invitationIds) {
    const { token, tokenHash } = newInvitationToken();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    const [row] = await deps.db
      .update(classInvitations)
      // The draft's insert counted this first send already.
      .set({ tokenHash, expiresAt, sentAt: now })
      .where(openInvitation(classId, invitationId))
      .returning({ email: classInvitations.email });
    if (row)
      mails.push(
        invitationMail({ to: row.email, className: cls.name, publicUrl: deps.publicUrl, token, expiresAt }),
      );
  }
  if (mails.length) deps.sendLater(mails);
}
