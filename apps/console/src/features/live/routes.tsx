import type { ConsoleFeature } from '../../app/console-feature.ts';
import { lazyScreen } from '../../app/lazy-screen.tsx';
import en from './en.json';
import zhTW from './zh-TW.json';

const feature: ConsoleFeature = {
  routes: [
    { path: '/live', ...lazyScreen(async () => (await import('./live-sessions-page.tsx')).LiveSessionsPage) },
    {
      path: '/live/multiview',
      ...lazyScreen(async () => (await import('./multiview-page.tsx')).MultiviewPage),
    },
  ],
  nav: [{ to: '/live', label: 'live.nav' }],
  messages: { 'zh-TW': zhTW, en },
};
export default feature;
