import { createBrowserRouter, Navigate } from 'react-router';
import { PublicLayout } from '../layouts/public-layout.tsx';
import { SignedInLayout } from '../layouts/signed-in-layout.tsx';
import { publicRoutes, signedInRoutes } from '../routes/index.tsx';

/** Spec 1 §2: the screens, each in its layout; any unknown path goes to /login. */
export function createRouter() {
  return createBrowserRouter([
    { element: <PublicLayout />, children: publicRoutes },
    { element: <SignedInLayout />, children: signedInRoutes },
    // The root is not a screen of its own: the dashboard, or /login through the session gate.
    { path: '/', element: <Navigate to="/dashboard" replace /> },
    { path: '*', element: <Navigate to="/login" replace /> },
  ]);
}
