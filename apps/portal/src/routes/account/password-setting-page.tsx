import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';

/** /password/setting: the reset worked; every session was signed out, so sign in again. */
export function PasswordSettingPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('resetDone.title')}</PageTitle>
      <p role="status">{t('resetDone.text')}</p>
      <Link to="/login" className="btn btn-primary w-100">
        {t('resetDone.login')}
      </Link>
    </>
  );
}
