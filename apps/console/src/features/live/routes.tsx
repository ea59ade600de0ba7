import type { ConsoleFeature } from '../../app/console-feature.ts';
import en from './en.json';
import { LiveSessionsPage } from './live-sessions-page.tsx';
import { MultiviewPage } from './multiview-page.tsx';
import zhTW from './zh-TW.json';

const feature: ConsoleFeature = {
  routes: [
    { path: '/live', element: <LiveSessionsPage /> },
    { path: '/live/multiview', element: <MultiviewPage /> },
  ],
  nav: [{ to: '/live', label: 'live.nav' }],
  messages: { 'zh-TW': zhTW, en },
};
export default feature;
