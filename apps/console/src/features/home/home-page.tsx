import { useCurrentUser } from '@atrium/web/app/session.ts';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title.tsx';

/** /console/: where a sign-in lands; each feature is one entry of the navigation. */
export function HomePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <>
      <PageTitle>{t('home.title')}</PageTitle>
      <p>{t('home.welcome', { name: user.nickname || user.email })}</p>
    </>
  );
}
