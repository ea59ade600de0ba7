import type { RouteObject } from 'react-router';

/** The development mailbox (the server answers it only in development without SMTP_URL). */
export const devMailRoutes: RouteObject[] = [
  { path: '/dev/mail', lazy: async () => ({ Component: (await import('./dev-mail-page.tsx')).DevMailPage }) },
];
