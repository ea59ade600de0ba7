import type { ReactNode } from 'react';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useEntry } from './session.ts';

/**
 * Opens the signed-in screens only after GET /v1/entry succeeded (spec 1 §4); on failure the user goes
 * to /login, which brings them back here afterwards through `?redirect=` (not needed for the app's `home`).
 */
export function SessionGate({ children, home = '/dashboard' }: { children: ReactNode; home?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const entry = useEntry();
  if (entry.isPending) {
    return (
      <div className="d-flex justify-content-center align-items-center min-vh-100">
        <Spinner animation="border" role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
        </Spinner>
      </div>
    );
  }
  if (entry.isError) {
    const here = `${location.pathname}${location.search}`;
    const to = here === home ? '/login' : `/login?redirect=${encodeURIComponent(here)}`;
    return <Navigate to={to} replace />;
  }
  return <>{children}</>;
}
