import type { ConsoleFeature } from '../../app/console-feature.ts';
import en from './en.json';
import { LearnerSessionsPage } from './learner-sessions-page.tsx';
import { SessionPage } from './session-page.tsx';
import { SessionsPage } from './sessions-page.tsx';
import zhTW from './zh-TW.json';

const feature: ConsoleFeature = {
  routes: [
    { path: '/sessions', element: <SessionsPage /> },
    { path: '/sessions/:id', element: <SessionPage /> },
    { path: '/learners/:userId/sessions', element: <LearnerSessionsPage /> },
  ],
  nav: [{ to: '/sessions', label: 'sessions.nav' }],
  messages: { 'zh-TW': zhTW, en },
};
export default feature;
