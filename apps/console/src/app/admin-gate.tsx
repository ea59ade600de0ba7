import { useCurrentUser } from '@atrium/web/app/session.ts';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

/** Screens of admin-only features: an agent sees why instead (the server refuses their calls anyway). */
export function AdminGate() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (user.role !== 'admin') {
    return (
      <Alert variant="warning" className="m-4" data-testid="admin-only">
        {t('gate.adminOnly')}
      </Alert>
    );
  }
  return <Outlet />;
}
