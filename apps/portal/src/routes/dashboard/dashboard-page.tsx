import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/session.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { DashboardCards } from './dashboard-cards.tsx';

/** /dashboard: the landing page after sign-in. Other screens add their cards here. */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <>
      <PageTitle>{t('dashboard.title')}</PageTitle>
      <p className="lead" data-testid="greeting">
        {user.nickname ? t('dashboard.greeting', { nickname: user.nickname }) : t('dashboard.greetingNoName')}
      </p>
      <p>{t('dashboard.intro')}</p>
      <DashboardCards />
    </>
  );
}
