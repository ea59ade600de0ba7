import { accountApi } from '@atrium/web/api/account.ts';
import { clearSessionToken } from '@atrium/web/api/session-token.ts';
import { useCurrentUser } from '@atrium/web/app/session.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { features } from '../app/features.ts';
import { preloadScreen } from '../app/lazy-screen.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';

/**
 * The signed-in frame: navigation from the feature registry, who is signed in, language, sign-out. Below the
 * `md` breakpoint the navigation column would leave the work area ~150 px wide, so there it folds behind a menu
 * button in the header and folds away again once an entry is chosen (issue 23).
 */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useMutation({
    mutationFn: accountApi.logout,
    // The browser forgets the session even if the server call fails; leave the screens before clearing.
    onSettled: () => {
      clearSessionToken();
      void Promise.resolve(navigate('/login', { replace: true })).then(() => queryClient.clear());
    },
  });
  const [menuOpen, setMenuOpen] = useState(false);
  const entries = features
    .flatMap((feature) => feature.nav ?? [])
    .filter((entry) => !entry.adminOnly || user.role === 'admin');

  return (
    <div className="console-shell">
      <a href="#main" className="visually-hidden-focusable position-absolute top-0 start-0 m-2 btn btn-light">
        {t('app.skipToContent')}
      </a>
      <nav
        id="console-nav"
        className={`console-nav p-3 ${menuOpen ? '' : 'd-none'} d-md-block`}
        aria-label={t('nav.label')}
      >
        <div className="fs-5 mb-4 px-2 d-none d-md-block">{t('app.name')}</div>
        <ul className="list-unstyled d-flex flex-column gap-1 mb-0">
          {entries.map((entry) => (
            <li key={entry.to}>
              <NavLink
                to={entry.to}
                end={entry.to === '/'}
                onClick={() => setMenuOpen(false)}
                onPointerEnter={() => preloadScreen(features, entry.to)}
                onFocus={() => preloadScreen(features, entry.to)}
              >
                {t(entry.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <header className="console-header d-flex flex-wrap justify-content-end align-items-center gap-2 gap-md-3 px-3 px-md-4 py-2 border-bottom bg-white">
        <Button
          variant="outline-secondary"
          size="sm"
          className="d-md-none me-auto"
          aria-controls="console-nav"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {t('nav.menu')}
        </Button>
        <span data-testid="signed-in-as" className="text-break">
          {user.nickname || user.email} · {t(`role.${user.role}`)}
        </span>
        <LanguageSwitch />
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          {t('nav.signOut')}
        </Button>
      </header>
      <main id="main" className="console-main p-3 p-md-4">
        <Outlet />
      </main>
    </div>
  );
}
