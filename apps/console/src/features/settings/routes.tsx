import { useTranslation } from 'react-i18next';
import type { ConsoleFeature } from '../../app/console-feature.ts';
import { CommunityScreen } from '../community/community-screen.tsx';
import { LearnersPage } from '../community/learners-page.tsx';
import { AuditPage } from './audit-page.tsx';
import en from './en.json';
import { ProjectsPage } from './projects-page.tsx';
import zhTW from './zh-TW.json';

/** Staff are accounts with the agent or admin role; roles change on the account's page. */
function StaffPage() {
  const { t } = useTranslation();
  return <LearnersPage roleFilter="staff" title={t('settings.staff.title')} />;
}

/**
 * Admin settings: tracker projects and what their trackers fetch, the staff with their roles, and the audit
 * trails (recording reads, community changes).
 */
const feature: ConsoleFeature = {
  adminOnly: true,
  routes: [
    {
      path: '/settings',
      element: (
        <CommunityScreen>
          <ProjectsPage />
        </CommunityScreen>
      ),
    },
    {
      path: '/settings/staff',
      element: (
        <CommunityScreen>
          <StaffPage />
        </CommunityScreen>
      ),
    },
    {
      path: '/settings/audit',
      element: (
        <CommunityScreen>
          <AuditPage />
        </CommunityScreen>
      ),
    },
  ],
  nav: [
    { to: '/settings', label: 'settings.nav.projects', adminOnly: true },
    { to: '/settings/staff', label: 'settings.nav.staff', adminOnly: true },
    { to: '/settings/audit', label: 'settings.nav.audit', adminOnly: true },
  ],
  messages: { 'zh-TW': zhTW, en },
};
export default feature;
