import { z } from 'zod';

/**
 * Class invitations (ADR 0063): an address with no account that staff add to a class gets a mail with a sign-up
 * link; it joins the class once that same address is verified. Staff list, resend and revoke them in the console
 * (/v1/console/community/classes/{id}/invitations); the portal reads one by its token (/v1/invitations/{token}).
 */

/** How long an invitation stays open after it was (re)sent. */
export const INVITATION_TTL_DAYS = 14;

export const invitationStatus = z.enum(['pending', 'expired', 'used', 'revoked']);
export type InvitationStatus = z.infer<typeof invitationStatus>;

export const invitationView = z.object({
  id: z.string(),
  email: z.string(),
  status: invitationStatus,
  expires_at: z.string(),
  sent_at: z.string(),
  send_count: z.number().int(),
  used_at: z.string().nullable(),
  created_at: z.string(),
});
export type InvitationView = z.infer<typeof invitationView>;
export const invitationList = z.object({ items: z.array(invitationView) });
export type InvitationList = z.infer<typeof invitationList>;

export const invitationParams = z.strictObject({
  id: z.uuid({ message: '課程編號格式錯誤' }),
  invitationId: z.uuid({ message: '邀請編號格式錯誤' }),
});

/** The mailed token: 32 random bytes, base64url. */
export const invitationTokenParams = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, '邀請連結格式錯誤'),
});

/** GET /v1/invitations/{token}: what the sign-up page shows (an open invitation only; others answer 410). */
export const publicInvitation = z.object({
  email: z.string(),
  classes: z.array(z.object({ id: z.string(), name: z.string() })),
  expires_at: z.string(),
});
export type PublicInvitation = z.infer<typeof publicInvitation>;
