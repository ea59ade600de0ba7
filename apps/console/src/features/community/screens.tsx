import { useTranslation } from 'react-i18next';
import { ClassListPage } from './class-list-page.tsx';
import { ClassPage } from './class-page.tsx';
import { CommunityScreen } from './community-screen.tsx';
import { LearnerPage } from './learner-page.tsx';
import { LearnersPage } from './learners-page.tsx';
import { NotificationsPage } from './notifications-page.tsx';
import { SubChapterPage } from './sub-chapter-page.tsx';

// The community's screens, each a page in the community's frame: one module, loaded with the first of them
// (routes.tsx), so the markdown pipeline and the forms stay out of the console's first load.

export const ClassListScreen = () => (
  <CommunityScreen>
    <ClassListPage />
  </CommunityScreen>
);

export const ClassScreen = () => (
  <CommunityScreen>
    <ClassPage />
  </CommunityScreen>
);

export const SubChapterScreen = () => (
  <CommunityScreen>
    <SubChapterPage />
  </CommunityScreen>
);

export const NotificationsScreen = () => (
  <CommunityScreen>
    <NotificationsPage />
  </CommunityScreen>
);

export function LearnersScreen() {
  const { t } = useTranslation();
  return (
    <CommunityScreen>
      <LearnersPage title={t('community.learners.title')} />
    </CommunityScreen>
  );
}

export const LearnerScreen = () => (
  <CommunityScreen>
    <LearnerPage />
  </CommunityScreen>
);
