import { accountApi } from '@atrium/web/api/account.ts';
import { clearSessionToken } from '@atrium/web/api/session-token.ts';
import { useCurrentUser } from '@atrium/web/app/session.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { features } from '../app/features.ts';
import { LanguageSwitch } from '../components/language-switch.tsx';

/** The signed-in frame: navigation from the feature registry, who is signed in, language, sign-out. */
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
  const entries = features
    .flatMap((feature) => feature.nav ?? [])
    .filter((entry) => !entry.adminOnly || user.role === 'admin');

  return (
    <div className="console-shell">
      <a href="#main" className="visually-hidden-focusable position-absolute top-0 start-0 m-2 btn btn-light">
        {t('app.skipToContent')}
      </a>
      <nav className="console-nav p-3" aria-label={t('nav.label')}>
        <div className="fs-5 mb-4 px-2">{t('app.name')}</div>
        <ul className="list-unstyled d-flex flex-column gap-1">
          {entries.map((entry) => (
            <li key={entry.to}>
              <NavLink to={entry.to} end={entry.to === '/'}>
                {t(entry.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="console-main d-flex flex-column">
        <header className="d-flex justify-content-end align-items-center gap-3 px-4 py-2 border-bottom bg-white">
          <span data-testid="signed-in-as">
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
        <main id="main" className="flex-grow-1 p-4">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
