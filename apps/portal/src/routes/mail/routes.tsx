import type { RouteObject } from 'react-router';

/** The unsubscribe link of a broadcast mail: public, no sign-in (ADR 0063). */
export const mailRoutes: RouteObject[] = [
  {
    path: '/unsubscribe',
    lazy: async () => ({ Component: (await import('./unsubscribe-page.tsx')).UnsubscribePage }),
  },
];
