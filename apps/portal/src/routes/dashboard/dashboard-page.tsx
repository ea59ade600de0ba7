import { useCurrentUser } from '@atrium/web/app/session.ts';
import type { SignInState } from '@atrium/web/app/use-finish-sign-in.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { prefetchWhenIdle } from '../../app/prefetch.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { loadTaskPages } from '../tasks/routes.tsx';
import { loadClassList } from '../training/routes.tsx';
import { DashboardCards } from './dashboard-cards.tsx';

/** /dashboard: the landing page after sign-in. Other screens add their cards here. */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // The sign-in that verified a new account says so (use-finish-sign-in.ts); every later visit is a return.
  const newAccount = (useLocation().state as SignInState | null)?.newAccount === true;
  // The dashboard's cards lead to the task board and the classes: their code comes while the learner reads.
  useEffect(() => prefetchWhenIdle(loadTaskPages, loadClassList), []);
  return (
    <>
      <PageTitle>{t('dashboard.title')}</PageTitle>
      <p className="lead" data-testid="greeting">
        {newAccount
          ? user.nickname
            ? t('dashboard.greetingNew', { nickname: user.nickname })
            : t('dashboard.greetingNewNoName')
          : user.nickname
            ? t('dashboard.greeting', { nickname: user.nickname })
            : t('dashboard.greetingNoName')}
      </p>
      <p>{t('dashboard.intro')}</p>
      <DashboardCards />
    </>
  );
}
