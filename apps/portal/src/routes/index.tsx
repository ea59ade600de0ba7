import type { RouteObject } from 'react-router';
import { accountRoutes } from './account/routes.tsx';
import { dashboardRoutes } from './dashboard/routes.tsx';
import { devMailRoutes } from './dev-mail/routes.tsx';
import { mailRoutes } from './mail/routes.tsx';
import { taskRoutes } from './tasks/routes.tsx';
import { certificateRoutes, trainingRoutes } from './training/routes.tsx';
import { userRoutes } from './user/routes.tsx';

/**
 * Every screen group of the portal. A new group is a folder under routes/ exporting its RouteObject[] and
 * one line here: public screens in publicRoutes, screens behind sign-in (navbar layout) in signedInRoutes.
 */
export const publicRoutes: RouteObject[] = [
  ...accountRoutes,
  ...certificateRoutes,
  ...devMailRoutes,
  ...mailRoutes,
];

export const signedInRoutes: RouteObject[] = [
  ...dashboardRoutes,
  ...userRoutes,
  ...trainingRoutes,
  ...taskRoutes,
];
