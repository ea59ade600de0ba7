import { oidcMessages } from '@atrium/protocol';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';

/** Every failure of third-party sign-in, in zh-TW (ADR 0036); none of them sends the browser anywhere. */
export const oidcErrors = {
  unknownProvider: () => notFound(oidcMessages.unknownProvider, 'oidc_unknown_provider'),
  unavailable: () => new AppError(503, 'oidc_unavailable', oidcMessages.unavailable),
  denied: () => badRequest('oidc_denied', oidcMessages.denied),
  stateInvalid: () => badRequest('oidc_state_invalid', oidcMessages.stateInvalid),
  failed: () => badRequest('oidc_failed', oidcMessages.failed),
  noEmail: () => badRequest('oidc_no_email', oidcMessages.noEmail),
  emailUnverified: () => badRequest('oidc_email_unverified', oidcMessages.emailUnverified),
  linkedElsewhere: () => conflict('oidc_linked_elsewhere', oidcMessages.linkedElsewhere),
  alreadyLinked: () => conflict('oidc_already_linked', oidcMessages.alreadyLinked),
  pendingInvalid: () => badRequest('oidc_pending_invalid', oidcMessages.pendingInvalid),
  passwordWrong: () => badRequest('oidc_password_wrong', oidcMessages.passwordWrong),
  lastSignIn: () => conflict('oidc_last_sign_in', oidcMessages.lastSignIn),
  accountDisabled: () => forbidden(oidcMessages.accountDisabled, 'account_disabled'),
  notLinked: () => notFound(oidcMessages.notLinked, 'oidc_not_linked'),
  emailConfusable: () => badRequest('oidc_email_confusable', oidcMessages.emailConfusable),
  staffLinkRefused: () => forbidden(oidcMessages.staffLinkRefused, 'oidc_staff_link_refused'),
};
