import type { ConsoleFeature } from '../../app/console-feature.ts';
import { lazyScreen } from '../../app/lazy-screen.tsx';
import en from './en.json';
import zhTW from './zh-TW.json';

/** Exceptions grouped by fingerprint, each occurrence a moment of its replay (ADR 0057). */
const feature: ConsoleFeature = {
  routes: [
    { path: '/issues', ...lazyScreen(async () => (await import('./issues-page.tsx')).IssuesPage) },
    { path: '/issues/:fingerprint', ...lazyScreen(async () => (await import('./issue-page.tsx')).IssuePage) },
  ],
  nav: [{ to: '/issues', label: 'issues.nav' }],
  messages: { 'zh-TW': zhTW, en },
};
export default feature;
