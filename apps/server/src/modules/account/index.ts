// The account module's public entry: what other modules and the composition root may use of it. Anything not
// exported here is the module's own (scripts/check-boundaries.mjs fails the build otherwise).

export { DEVICE_COOKIE } from './account-cookies.ts';
export {
  type AccountDeps,
  backgroundWorkOf,
  type GuardedAccountDeps,
} from './account-deps.ts';
export { accountThrottle } from './account-throttle.ts';
export { findUserByEmail, findUserById, type UserRow } from './account-user.ts';
export { authenticate, sessionTokenOf } from './authenticate.ts';
export { byEmail } from './by-email.ts';
export { changePassword } from './change-password.ts';
export { completeSignIn, type SignInContext, type SignInResult } from './complete-sign-in.ts';
export { createExternalAccount } from './create-external-account.ts';
export { createSession } from './create-session.ts';
export { emitEmailVerified, onEmailVerified } from './email-verified.ts';
export { ensureAccount, hasNoUsers } from './ensure-account.ts';
export { findSessionUser } from './find-session-user.ts';
export { findUserIds } from './find-user-ids.ts';
export { accountsByEmail, findUsersByText, idsByEmail, labelUsers, type UserLabel } from './find-users.ts';
export { grantRole } from './grant-role.ts';
export { issueVerificationToken } from './issue-verification-token.ts';
export { forgetDevices, isKnownDevice } from './known-devices.ts';
export { TOKEN_TTL_MS } from './lifetimes.ts';
export { hello, type MailContent, renderMail } from './mail/layout.ts';
export {
  externalSignInMail,
  linkCodeMail,
  methodLinkedMail,
  methodUnlinkedMail,
  passwordChangedMail,
} from './mail/sign-in-method-mails.ts';
export {
  changeLearner,
  getLearner,
  resendVerificationFor,
  searchLearners,
  toLearnerSummary,
} from './manage-learners.ts';
export { markEmailVerified } from './mark-email-verified.ts';
export { isConfusableEmail, normalizeEmail } from './normalize-email.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { emitPasswordReplaced, onPasswordReplaced } from './password-replaced.ts';
export { revokeOtherSessions } from './revoke-sessions.ts';
export { isStaff, type Role } from './roles.ts';
export { setSignInCookies, signedInReply } from './signed-in-reply.ts';
export { type UserProfileFields, updateUserProfile } from './update-user-profile.ts';
export { findUserCodeToken, useTokenCode } from './use-verification-token.ts';
