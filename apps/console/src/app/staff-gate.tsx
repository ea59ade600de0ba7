import { useCurrentUser } from '@atrium/web/app/session.ts';
import type { ReactNode } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title.tsx';
import { PublicFrame } from '../layouts/public-layout.tsx';

/**
 * Under the session gate: only staff (agents and admins) get the console. A learner signed in on the same
 * origin sees why and a way back to the portal; the server refuses their /v1/console calls anyway.
 */
export function StaffGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (user.role === 'learner') {
    return (
      <PublicFrame>
        <PageTitle>{t('gate.staffOnlyTitle')}</PageTitle>
        <Alert variant="warning" data-testid="staff-only">
          {t('gate.staffOnly')}
        </Alert>
        <a href="/" className="btn btn-outline-primary">
          {t('gate.toPortal')}
        </a>
      </PublicFrame>
    );
  }
  return <>{children}</>;
}
