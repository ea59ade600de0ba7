import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../components/language-switch.tsx';

/** A narrow centred card with the console's name and the language switch: sign-in and refusals. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="min-vh-100 bg-light">
      <header className="container py-4 d-flex justify-content-between align-items-center">
        <span className="fs-5">{t('app.name')}</span>
        <LanguageSwitch />
      </header>
      <main id="main" className="container pb-5">
        <div className="mx-auto bg-white border rounded-3 shadow-sm p-4" style={{ maxWidth: 440 }}>
          {children}
        </div>
      </main>
    </div>
  );
}

/** Layout route of the sign-in screens. */
export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
