import type { ConsoleFeature } from '../../app/console-feature.ts';
import en from './en.json';
import { HomePage } from './home-page.tsx';
import zhTW from './zh-TW.json';

const feature: ConsoleFeature = {
  routes: [{ path: '/', element: <HomePage /> }],
  nav: [{ to: '/', label: 'home.nav' }],
  messages: { 'zh-TW': zhTW, en },
};
export default feature;
