import type { MemberReport } from '@atrium/protocol/community';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { classInvitations, trainingClasses } from '../../db/schema.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { idsByEmail, labelUsers } from '../account/index.ts';
import type { InvitationDeps } from './invitation-deps.ts';
import { enrolmentMail, invitationMail } from './invitation-mails.ts';
import { INVITATION_TTL_MS, newInvitationToken, RESEND_AFTER_MS } from './invitation-token.ts';
import { addMembers } from './manage-members.ts';
import { oweClassMails } from './owed-class-mails.ts';

/**
 * Adds members by e-mail (ADR 0063): existing learner accounts join at once and get an enrolment mail; an address
 * with no account gets an invitation (a mailed sign-up link, open 14 days) and is reported `invited`. Inviting an
 * address that already has an open invitation renews it (new link, new expiry) unless its mail went out less than
 * a minute ago. Every other row is reported as addMembers reports it. A draft class owes these mails until it is
 * published (owed-class-mails.ts).
 */
export async function inviteMembers(
  deps: InvitationDeps,
  classId: string,
  rows: { row: number; email: string }[],
  invitedBy: string,
  now = new Date(),
): Promise<MemberReport> {
  const report = await addMembers(deps.db, classId, rows);
  const [cls] = await deps.db
    .select({ name: trainingClasses.name, published: trainingClasses.published })
    .from(trainingClasses)
    .where(eq(trainingClasses.id, classId));
  const className = cls?.name ?? '';
  const mails: MailMessage[] = [];
  const owedInvitations: string[] = [];
  const unknown = report.rows.filter((r) => r.status === 'unknown_email').map((r) => r.email);
  for (const email of unknown) {
    const { token, tokenHash } = newInvitationToken();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    const [row] = await deps.db
      .insert(classInvitations)
      .values({ classId, email, tokenHash, expiresAt, sentAt: now, invitedBy })
      .onConflictDoUpdate({
        target: [classInvitations.classId, classInvitations.email],
        targetWhere: and(isNull(classInvitations.usedAt), isNull(classInvitations.revokedAt)),
        set: { tokenHash, expiresAt, sentAt: now, sendCount: sql`${classInvitations.sendCount} + 1` },
        setWhere: lt(classInvitations.sentAt, new Date(now.getTime() - RESEND_AFTER_MS)),
      })
      .returning({ id: classInvitations.id });
    if (row && !cls?.published) owedInvitations.push(row.id);
    else if (row)
      mails.push(invitationMail({ to: email, className, publicUrl: deps.publicUrl, token, expiresAt }));
  }
  const added = report.rows.filter((r) => r.status === 'added').map((r) => r.email);
  if (!cls?.published) {
    // A draft has no page to open yet: the mails go out when it is published (issue 36).
    const ids = added.length ? [...(await idsByEmail(deps.db, added)).values()] : [];
    await oweClassMails(deps.db, classId, { userIds: ids, invitationIds: owedInvitations });
  } else if (added.length) {
    const ids = await idsByEmail(deps.db, added);
    const labels = await labelUsers(deps.db, [...ids.values()]);
    for (const label of labels.values()) {
      mails.push(
        enrolmentMail({
          to: label.email,
          nickname: label.nickname,
          className,
          classId,
          publicUrl: deps.publicUrl,
        }),
      );
    }
  }
  if (mails.length) deps.sendLater(mails);
  return {
    added: report.added,
    invited: unknown.length,
    rows: report.rows.map((r) => (r.status === 'unknown_email' ? { ...r, status: 'invited' } : r)),
  };
}
