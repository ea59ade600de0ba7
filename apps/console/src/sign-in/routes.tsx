import type { RouteObject } from 'react-router';
import { SignInPage } from './sign-in-page.tsx';
import { VerifyPage } from './verify-page.tsx';

export const signInRoutes: RouteObject[] = [
  { path: '/login', element: <SignInPage /> },
  { path: '/login/verify', element: <VerifyPage /> },
];
