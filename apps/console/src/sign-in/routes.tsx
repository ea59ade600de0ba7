import type { RouteObject } from 'react-router';
import { lazyScreen } from '../app/lazy-screen.tsx';

// Lazy like the features' screens: a signed-in agent's first open never runs the forms (ADR 0028).
export const signInRoutes: RouteObject[] = [
  { path: '/login', ...lazyScreen(async () => (await import('./sign-in-page.tsx')).SignInPage) },
  { path: '/login/verify', ...lazyScreen(async () => (await import('./verify-page.tsx')).VerifyPage) },
];
