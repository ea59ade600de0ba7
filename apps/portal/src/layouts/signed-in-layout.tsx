import { SessionGate } from '@atrium/web/app/session-gate.tsx';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppNavbar } from './navbar.tsx';
import { useForgetSessionOnLeave } from './use-forget-session-on-leave.ts';

/** Every screen behind sign-in: the entry check first, then the navbar and the screen. */
export function SignedInLayout() {
  const { t } = useTranslation();
  useForgetSessionOnLeave();
  return (
    <SessionGate>
      <a href="#main" className="visually-hidden-focusable position-absolute top-0 start-0 m-2 btn btn-light">
        {t('app.skipToContent')}
      </a>
      <AppNavbar />
      <main id="main" className="container py-4">
        <Outlet />
      </main>
    </SessionGate>
  );
}
