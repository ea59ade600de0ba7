import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import logo from '../assets/logo.svg';

/** Sign-in, sign-up and reset screens: a narrow centred column, no navbar. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="min-vh-100 bg-light">
      <a href="#main" className="visually-hidden-focusable position-absolute top-0 start-0 m-2 btn btn-light">
        {t('app.skipToContent')}
      </a>
      <header className="container py-4 d-flex justify-content-center">
        <Link to="/login" className="d-flex align-items-center gap-2 text-decoration-none text-dark fs-5">
          <img src={logo} alt="" width={36} height={36} />
          <span>{t('app.name')}</span>
        </Link>
      </header>
      <main id="main" className="container pb-5">
        <div className="mx-auto bg-white border rounded-3 shadow-sm p-4" style={{ maxWidth: 440 }}>
          <Outlet />
        </div>
      </main>
    </div>
  );
}
