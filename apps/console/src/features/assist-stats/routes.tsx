import type { ConsoleFeature } from '../../app/console-feature.ts';
import { lazyScreen } from '../../app/lazy-screen.tsx';
import en from './en.json';
import zhTW from './zh-TW.json';

/** Admins' statistics of live assist per agent (ADR 0065). */
const feature: ConsoleFeature = {
  routes: [
    {
      path: '/assist-stats',
      ...lazyScreen(async () => (await import('./assist-stats-page.tsx')).AssistStatsPage),
    },
  ],
  nav: [{ to: '/assist-stats', label: 'assistStats.nav', adminOnly: true }],
  adminOnly: true,
  messages: { 'zh-TW': zhTW, en },
};
export default feature;
