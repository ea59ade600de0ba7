import type { RouteObject } from 'react-router';

/** The task board's code; the dashboard prefetches it (its cards link to tasks). */
export const loadTaskPages = () => import('./tasks-pages.tsx');

export const taskRoutes: RouteObject[] = [
  { path: '/tasks', lazy: async () => ({ Component: (await loadTaskPages()).TasksPage }) },
  { path: '/tasks/my', lazy: async () => ({ Component: (await loadTaskPages()).MyTasksPage }) },
  { path: '/tasks/history', lazy: async () => ({ Component: (await loadTaskPages()).TaskHistoryPage }) },
  { path: '/tasks/:id', lazy: async () => ({ Component: (await import('./task-page.tsx')).TaskPage }) },
];
