import type { InvitationStatus, InvitationView } from '@atrium/protocol/invitations';
import type { classInvitations } from '../../db/schema.ts';

type Row = typeof classInvitations.$inferSelect;

/** Used and revoked are final; otherwise an invitation past its expiry is expired. */
export function invitationStatus(r: Row, now = new Date()): InvitationStatus {
  if (r.usedAt) return 'used';
  if (r.revokedAt) return 'revoked';
  return r.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

export function toInvitationView(r: Row, now = new Date()): InvitationView {
  return {
    id: r.id,
    email: r.email,
    status: invitationStatus(r, now),
    expires_at: r.expiresAt.toISOString(),
    sent_at: r.sentAt.toISOString(),
    send_count: r.sendCount,
    used_at: r.usedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}
