import { createBrowserRouter, Navigate } from 'react-router';
import { PublicLayout } from '../layouts/public-layout.tsx';
import { publicRoutes, signedInRoutes } from '../routes/index.tsx';

/** Spec 1 §2: the screens, each in its layout; any unknown path goes to /login. */
export function createRouter() {
  return createBrowserRouter([
    { element: <PublicLayout />, children: publicRoutes },
    // The navbar and the session gate come with the first signed-in screen, not with the sign-in form.
    {
      lazy: async () => ({ Component: (await import('../layouts/signed-in-layout.tsx')).SignedInLayout }),
      children: signedInRoutes,
    },
    // The root is not a screen of its own: the dashboard, or /login through the session gate.
    { path: '/', element: <Navigate to="/dashboard" replace /> },
    { path: '*', element: <Navigate to="/login" replace /> },
  ]);
}
