import type { ConsoleFeature } from '../../app/console-feature.ts';
import { ClickMapsPage } from './click-maps-page.tsx';
import en from './en.json';
import zhTW from './zh-TW.json';

/** Where the learners' clicks land on each page over the last 7 or 30 days (ADR 0064). Staff only. */
const feature: ConsoleFeature = {
  routes: [{ path: '/click-maps', element: <ClickMapsPage /> }],
  nav: [{ to: '/click-maps', label: 'clickMaps.nav' }],
  messages: { 'zh-TW': zhTW, en },
};
export default feature;
