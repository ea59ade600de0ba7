import type { ConsoleFeature } from '../../app/console-feature.ts';
import { lazyScreen } from '../../app/lazy-screen.tsx';
import en from './en.json';
import type * as Screens from './screens.tsx';
import zhTW from './zh-TW.json';

/** One of the settings' screens, from the module that loads with the first of them. */
const screen = (name: keyof typeof Screens) => lazyScreen(async () => (await import('./screens.tsx'))[name]);

/**
 * Admin settings: tracker projects and what their trackers fetch, the staff with their roles, and the audit
 * trails (recording reads, community changes).
 */
const feature: ConsoleFeature = {
  adminOnly: true,
  routes: [
    { path: '/settings', ...screen('ProjectsScreen') },
    { path: '/settings/staff', ...screen('StaffScreen') },
    { path: '/settings/audit', ...screen('AuditScreen') },
  ],
  nav: [
    { to: '/settings', label: 'settings.nav.projects', adminOnly: true },
    { to: '/settings/staff', label: 'settings.nav.staff', adminOnly: true },
    { to: '/settings/audit', label: 'settings.nav.audit', adminOnly: true },
  ],
  messages: { 'zh-TW': zhTW, en },
};
export default feature;
