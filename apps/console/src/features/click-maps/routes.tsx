import type { ConsoleFeature } from '../../app/console-feature.ts';
import { lazyScreen } from '../../app/lazy-screen.tsx';
import en from './en.json';
import zhTW from './zh-TW.json';

/** Where the learners' clicks land on each page over the last 7 or 30 days (ADR 0064). Staff only. */
const feature: ConsoleFeature = {
  routes: [
    { path: '/click-maps', ...lazyScreen(async () => (await import('./click-maps-page.tsx')).ClickMapsPage) },
  ],
  nav: [{ to: '/click-maps', label: 'clickMaps.nav' }],
  messages: { 'zh-TW': zhTW, en },
};
export default feature;
