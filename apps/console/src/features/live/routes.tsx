import type { ConsoleFeature } from '../../app/console-feature.ts';
import en from './en.json';
import { LiveSessionsPage } from './live-sessions-page.tsx';
import zhTW from './zh-TW.json';

const feature: ConsoleFeature = {
  routes: [{ path: '/live', element: <LiveSessionsPage /> }],
  nav: [{ to: '/live', label: 'live.nav' }],
  messages: { 'zh-TW': zhTW, en },
};
export default feature;
