import type { ConsoleFeature } from '../../app/console-feature.ts';
import { AssistStatsPage } from './assist-stats-page.tsx';
import en from './en.json';
import zhTW from './zh-TW.json';

/** Admins' statistics of live assist per agent (ADR 0065). */
const feature: ConsoleFeature = {
  routes: [{ path: '/assist-stats', element: <AssistStatsPage /> }],
  nav: [{ to: '/assist-stats', label: 'assistStats.nav', adminOnly: true }],
  adminOnly: true,
  messages: { 'zh-TW': zhTW, en },
};
export default feature;
