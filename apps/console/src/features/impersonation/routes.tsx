import type { ConsoleFeature } from '../../app/console-feature.ts';
import { lazyScreen } from '../../app/lazy-screen.tsx';
import en from './en.json';
import zhTW from './zh-TW.json';

const feature: ConsoleFeature = {
  routes: [
    {
      path: '/impersonation',
      ...lazyScreen(async () => (await import('./impersonation-page.tsx')).ImpersonationPage),
    },
  ],
  nav: [{ to: '/impersonation', label: 'impersonation.nav', adminOnly: true }],
  adminOnly: true,
  messages: { 'zh-TW': zhTW, en },
};
export default feature;
