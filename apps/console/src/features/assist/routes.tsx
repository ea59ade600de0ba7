import type { ConsoleFeature } from '../../app/console-feature.ts';
import { AssistPage } from './assist-page.tsx';
import en from './en.json';
import { RewindPage } from './rewind-page.tsx';
import zhTW from './zh-TW.json';

/** The live view of one session; reached from the live sessions list (no navigation entry of its own). */
const feature: ConsoleFeature = {
  routes: [
    { path: '/assist/:projectKey/:sessionId', element: <AssistPage /> },
    { path: '/assist/:projectKey/:id/rewind', element: <RewindPage /> },
  ],
  messages: { 'zh-TW': zhTW, en },
};
export default feature;
