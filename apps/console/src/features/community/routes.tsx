import { useTranslation } from 'react-i18next';
import type { ConsoleFeature } from '../../app/console-feature.ts';
import { ClassListPage } from './class-list-page.tsx';
import { ClassPage } from './class-page.tsx';
import { CommunityScreen } from './community-screen.tsx';
import discussionEn from './discussion-en.json';
import discussionZhTW from './discussion-zh-TW.json';
import en from './en.json';
import { LearnerPage } from './learner-page.tsx';
import { LearnersPage } from './learners-page.tsx';
import { NotificationsPage } from './notifications-page.tsx';
import { SubChapterPage } from './sub-chapter-page.tsx';
import zhTW from './zh-TW.json';

function Learners() {
  const { t } = useTranslation();
  return <LearnersPage title={t('community.learners.title')} />;
}

/** Running the community (ADR 0038): classes and their outline, sessions, tasks, notifications, learners. */
const feature: ConsoleFeature = {
  routes: [
    {
      path: '/classes',
      element: (
        <CommunityScreen>
          <ClassListPage />
        </CommunityScreen>
      ),
    },
    {
      path: '/classes/:id',
      element: (
        <CommunityScreen>
          <ClassPage />
        </CommunityScreen>
      ),
    },
    {
      path: '/classes/:id/sub-chapters/:subId',
      element: (
        <CommunityScreen>
          <SubChapterPage />
        </CommunityScreen>
      ),
    },
    {
      path: '/notifications',
      element: (
        <CommunityScreen>
          <NotificationsPage />
        </CommunityScreen>
      ),
    },
    {
      path: '/learners',
      element: (
        <CommunityScreen>
          <Learners />
        </CommunityScreen>
      ),
    },
    {
      path: '/learners/:userId',
      element: (
        <CommunityScreen>
          <LearnerPage />
        </CommunityScreen>
      ),
    },
  ],
  nav: [
    { to: '/classes', label: 'community.nav.classes' },
    { to: '/notifications', label: 'community.nav.notifications' },
    { to: '/learners', label: 'community.nav.learners' },
  ],
  // The discussion tab's strings live beside its files (ADR 0061); one catalogue per language all the same.
  messages: { 'zh-TW': { ...zhTW, ...discussionZhTW }, en: { ...en, ...discussionEn } },
};
export default feature;
