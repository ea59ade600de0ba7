import type { InvitationView } from '@atrium/protocol/invitations';
import { and, eq, lt, sql } from 'drizzle-orm';
import { classInvitations } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { classNames } from './class-names.ts';
import type { InvitationDeps } from './invitation-deps.ts';
import { invitationMail } from './invitation-mails.ts';
import { INVITATION_TTL_MS, newInvitationToken, RESEND_AFTER_MS } from './invitation-token.ts';
import { toInvitationView } from './invitation-view.ts';
import { openInvitation } from './open-invitation.ts';

/**
 * Mails an unused, unrevoked invitation again with a new link (the old one stops working) and a new 14-day expiry;
 * an expired one is renewed this way. At most once a minute per invitation.
 */
export async function resendInvitation(
  deps: InvitationDeps,
  classId: string,
  invitationId: string,
  now = new Date(),
): Promise<InvitationView> {
  const { token, tokenHash } = newInvitationToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const [row] = await deps.db
    .update(classInvitations)
    .set({ tokenHash, expiresAt, sentAt: now, sendCount: sql`${classInvitations.sendCount} + 1` })
    .where(
      and(
        openInvitation(classId, invitationId),
        lt(classInvitations.sentAt, new Date(now.getTime() - RESEND_AFTER_MS)),
      ),
    )
    .returning();
  if (!row) {
    const [found] = await deps.db
      .select()
      .from(classInvitations)
      .where(and(eq(classInvitations.classId, classId), eq(classInvitations.id, invitationId)));
    if (!found) throw notFound('找不到這份邀請', 'invitation_not_found');
    if (found.usedAt) throw conflict('invitation_used', '這份邀請已經使用，對方已加入課程');
    if (found.revokedAt) throw conflict('invitation_revoked', '這份邀請已取消，請重新邀請');
    const wait = Math.ceil((found.sentAt.getTime() + RESEND_AFTER_MS - now.getTime()) / 1000);
    throw new AppError(429, 'resend_too_soon', `邀請剛寄出，請 ${wait} 秒後再重寄`, {
      'retry-after': String(wait),
    });
  }
  const className = (await classNames(deps.db, [classId])).get(classId) ?? '';
  deps.sendLater([invitationMail({ to: row.email, className, publicUrl: deps.publicUrl, token, expiresAt })]);
  return toInvitationView(row, now);
}
