import type { ConsoleFeature } from '../../app/console-feature.ts';
import en from './en.json';
import { ImpersonationPage } from './impersonation-page.tsx';
import zhTW from './zh-TW.json';

const feature: ConsoleFeature = {
  routes: [{ path: '/impersonation', element: <ImpersonationPage /> }],
  nav: [{ to: '/impersonation', label: 'impersonation.nav', adminOnly: true }],
  adminOnly: true,
  messages: { 'zh-TW': zhTW, en },
};
export default feature;
