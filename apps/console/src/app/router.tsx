import { SessionGate } from '@atrium/web/app/session-gate.tsx';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ConsoleLayout } from '../layouts/console-layout.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';
import { signInRoutes } from '../sign-in/routes.tsx';
import { AdminGate } from './admin-gate.tsx';
import { features } from './features.ts';
import { StaffGate } from './staff-gate.tsx';

/** Every screen under /console/: sign-in in the public layout, the features behind the staff gate. */
export function createRouter() {
  const featureRoutes: RouteObject[] = features.flatMap((feature) =>
    feature.adminOnly ? [{ element: <AdminGate />, children: feature.routes }] : feature.routes,
  );
  return createBrowserRouter(
    [
      { element: <PublicLayout />, children: signInRoutes },
      {
        element: (
          <SessionGate home="/">
            <StaffGate>
              <ConsoleLayout />
            </StaffGate>
          </SessionGate>
        ),
        children: [...featureRoutes, { path: '*', element: <Navigate to="/" replace /> }],
      },
    ],
    { basename: '/console' },
  );
}
