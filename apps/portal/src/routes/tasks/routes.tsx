import type { RouteObject } from 'react-router';
import { TaskPage } from './task-page.tsx';
import { MyTasksPage, TaskHistoryPage, TasksPage } from './tasks-pages.tsx';

export const taskRoutes: RouteObject[] = [
  { path: '/tasks', element: <TasksPage /> },
  { path: '/tasks/my', element: <MyTasksPage /> },
  { path: '/tasks/history', element: <TaskHistoryPage /> },
  { path: '/tasks/:id', element: <TaskPage /> },
];
