import type { ConsoleFeature } from '../../app/console-feature.ts';
import { lazyScreen } from '../../app/lazy-screen.tsx';
import discussionEn from './discussion-en.json';
import discussionZhTW from './discussion-zh-TW.json';
import en from './en.json';
import type * as Screens from './screens.tsx';
import zhTW from './zh-TW.json';

/** One of the community's screens, from the module that loads with the first of them. */
const screen = (name: keyof typeof Screens) => lazyScreen(async () => (await import('./screens.tsx'))[name]);

/** Running the community (ADR 0038): classes and their outline, sessions, tasks, notifications, learners. */
const feature: ConsoleFeature = {
  routes: [
    { path: '/classes', ...screen('ClassListScreen') },
    { path: '/classes/:id', ...screen('ClassScreen') },
    { path: '/classes/:id/sub-chapters/:subId', ...screen('SubChapterScreen') },
    { path: '/notifications', ...screen('NotificationsScreen') },
    { path: '/learners', ...screen('LearnersScreen') },
    { path: '/learners/:userId', ...screen('LearnerScreen') },
  ],
  nav: [
    { to: '/classes', label: 'community.nav.classes' },
    { to: '/notifications', label: 'community.nav.notifications' },
    { to: '/learners', label: 'community.nav.learners' },
  ],
  // The discussion tab's strings live beside its files (ADR 0061); one catalogue per language all the same.
  messages: { 'zh-TW': { ...zhTW, ...discussionZhTW }, en: { ...en, ...discussionEn } },
};
export default feature;
