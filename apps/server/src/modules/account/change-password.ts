import { profileMessages } from '@atrium/protocol';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { forgetDevices } from './known-devices.ts';
import { passwordChangedMail } from './mail/sign-in-method-mails.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { emitPasswordReplaced } from './password-replaced.ts';
import { revokeOtherSessions } from './revoke-sessions.ts';

/**
 * Changes the password after checking the old one; every other session of the user is signed out and every
 * browser must pass a mailed code again at its next sign-in (as after a reset: a thief's browser must not stay
 * trusted). Linked third-party sign-ins and course-platform bindings are removed, and the owner is mailed.
 * The session that made the change stays signed in.
 */
export async function changePassword(
  deps: { db: Database; mail: (message: MailMessage) => void; publicUrl: string },
  input: { userId: string; sessionId: string; oldPassword: string; newPassword: string },
): Promise<void> {
  const { db } = deps;
  const [user] = await db
    .select({ passwordHash: users.passwordHash, email: users.email, nickname: users.nickname })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!(await verifyPassword(user?.passwordHash ?? null, input.oldPassword))) {
    throw badRequest('old_password_wrong', profileMessages.oldPasswordWrong);
  }
  if (input.oldPassword === input.newPassword)
    throw badRequest('same_password', profileMessages.samePassword);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
    .where(eq(users.id, input.userId));
  await revokeOtherSessions(db, input.userId, input.sessionId);
  await forgetDevices(db, input.userId);
  // As after a reset, linked sign-ins and course-platform bindings go, and the owner hears of it (ADR 0043).
  await emitPasswordReplaced({ db, userId: input.userId, via: 'change' });
  deps.mail(passwordChangedMail({ to: user!.email, nickname: user!.nickname, publicUrl: deps.publicUrl }));
}
