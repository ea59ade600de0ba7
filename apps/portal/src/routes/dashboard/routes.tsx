import type { RouteObject } from 'react-router';

/** The dashboard's code; the sign-in screens prefetch it (the likely next screen). */
export const loadDashboard = () => import('./dashboard-page.tsx');

export const dashboardRoutes: RouteObject[] = [
  { path: '/dashboard', lazy: async () => ({ Component: (await loadDashboard()).DashboardPage }) },
];
