import { ApiError } from '@atrium/web/api/api-error.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { mailApi } from './mail-api.ts';

/**
 * On /register?invitation=…: which classes the invitation joins and the address it was sent to (filled in for
 * the learner); an expired, revoked or used link says so in the server's words. Only verifying that address
 * joins the classes, so the banner asks for it.
 */
export function InvitationBanner({ token, onEmail }: { token: string; onEmail: (email: string) => void }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => mailApi.invitation(token, signal),
    meta: { silent: true },
  });
  const email = query.data?.email;
  useEffect(() => {
    if (email) onEmail(email);
  }, [email, onEmail]);
  if (query.isPending) return null;
  if (query.isError) {
    const message =
      query.error instanceof ApiError && query.error.message ? query.error.message : t('invitation.failed');
    return (
      <Alert variant="warning" data-testid="invitation-banner">
        {message}
      </Alert>
    );
  }
  return (
    <Alert variant="info" data-testid="invitation-banner">
      <p className="mb-1">
        {t('invitation.intro', { classes: query.data.classes.map((c) => `「${c.name}」`).join('、') })}
      </p>
      <p className="mb-0">{t('invitation.useEmail', { email: query.data.email })}</p>
    </Alert>
  );
}
