import type { RouteObject } from 'react-router';
import { DashboardPage } from './dashboard-page.tsx';

export const dashboardRoutes: RouteObject[] = [{ path: '/dashboard', element: <DashboardPage /> }];
