import { readSessionToken } from '@atrium/web/api/session-token.ts';
import { afterSignInPath } from '@atrium/web/app/after-sign-in-path.ts';
import { useEntry } from '@atrium/web/app/session.ts';
import { type ReactNode, useEffect } from 'react';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { prefetchWhenIdle } from '../../app/prefetch.ts';
import { loadDashboard } from '../dashboard/routes.tsx';

const loadSignedInLayout = () => import('../../layouts/signed-in-layout.tsx');

/**
 * The sign-in screen for somebody already signed in is the dashboard (or where `?redirect=` points): only a
 * browser holding a token cookie asks the server, and a stale token shows the form. Meanwhile the code of the
 * likely next screen is fetched while the browser is idle (ADR 0016).
 */
export function SignedInRedirect({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const hasToken = readSessionToken() !== undefined;
  const entry = useEntry(hasToken);
  useEffect(() => prefetchWhenIdle(loadSignedInLayout, loadDashboard), []);
  if (hasToken && entry.data) return <Navigate to={afterSignInPath(location.search)} replace />;
  if (hasToken && entry.isPending) {
    return (
      <div className="d-flex justify-content-center py-5">
        <Spinner animation="border" role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
        </Spinner>
      </div>
    );
  }
  return <>{children}</>;
}
