import type { ConsoleFeature } from '../../app/console-feature.ts';
import en from './en.json';
import { IssuePage } from './issue-page.tsx';
import { IssuesPage } from './issues-page.tsx';
import zhTW from './zh-TW.json';

/** Exceptions grouped by fingerprint, each occurrence a moment of its replay (ADR 0057). */
const feature: ConsoleFeature = {
  routes: [
    { path: '/issues', element: <IssuesPage /> },
    { path: '/issues/:fingerprint', element: <IssuePage /> },
  ],
  nav: [{ to: '/issues', label: 'issues.nav' }],
  messages: { 'zh-TW': zhTW, en },
};
export default feature;
