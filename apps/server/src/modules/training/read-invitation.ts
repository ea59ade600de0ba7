import type { PublicInvitation } from '@atrium/protocol/invitations';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { classInvitations } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { classNames } from './class-names.ts';
import { invitationStatus } from './invitation-view.ts';

const gone = (code: string, message: string) => new AppError(410, code, message);

/**
 * What the portal's sign-up page shows for a mailed invitation link: the invited address and every class an open
 * invitation to it would join. Reading it changes nothing; only verifying that address joins (ADR 0063).
 */
export async function readInvitation(
  db: Database,
  token: string,
  now = new Date(),
): Promise<PublicInvitation> {
  const [row] = await db
    .select()
    .from(classInvitations)
    .where(eq(classInvitations.tokenHash, sha256(token)));
  if (!row)
    throw notFound(
      '找不到這份邀請，請確認連結是否完整，或向課程工作人員索取新的邀請',
      'invitation_not_found',
    );
  const status = invitationStatus(row, now);
  if (status === 'used') throw gone('invitation_used', '這份邀請已經使用過，請直接登入');
  if (status === 'revoked') throw gone('invitation_revoked', '這份邀請已被取消，如有疑問請洽課程工作人員');
  if (status === 'expired') throw gone('invitation_expired', '這份邀請已過期，請向課程工作人員索取新的邀請');
  const open = await db
    .select({ classId: classInvitations.classId })
    .from(classInvitations)
    .where(
      and(
        eq(classInvitations.email, row.email),
        isNull(classInvitations.usedAt),
        isNull(classInvitations.revokedAt),
        gt(classInvitations.expiresAt, now),
      ),
    );
  const names = await classNames(
    db,
    open.map((o) => o.classId),
  );
  return {
    email: row.email,
    classes: [...names].map(([id, name]) => ({ id, name })),
    expires_at: row.expiresAt.toISOString(),
  };
}
