import { useTranslation } from 'react-i18next';
import { CommunityScreen } from '../community/community-screen.tsx';
import { LearnersPage } from '../community/learners-page.tsx';
import { AuditPage } from './audit-page.tsx';
import { ProjectsPage } from './projects-page.tsx';

// The settings' screens in the community's frame: one module, loaded with the first of them (routes.tsx).

export const ProjectsScreen = () => (
  <CommunityScreen>
    <ProjectsPage />
  </CommunityScreen>
);

/** Staff are accounts with the agent or admin role; roles change on the account's page. */
export function StaffScreen() {
  const { t } = useTranslation();
  return (
    <CommunityScreen>
      <LearnersPage roleFilter="staff" title={t('settings.staff.title')} />
    </CommunityScreen>
  );
}

export const AuditScreen = () => (
  <CommunityScreen>
    <AuditPage />
  </CommunityScreen>
);
