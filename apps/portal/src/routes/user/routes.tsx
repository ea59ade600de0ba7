import type { RouteObject } from 'react-router';

/** /user and its pages (spec 1 §2), in the layout with the user side menu; each loaded when first opened. */
export const userRoutes: RouteObject[] = [
  {
    path: '/user',
    lazy: async () => ({ Component: (await import('./user-layout.tsx')).UserLayout }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./profile-page.tsx')).ProfilePage }) },
      {
        path: 'password',
        lazy: async () => ({ Component: (await import('./password-page.tsx')).PasswordPage }),
      },
      {
        path: 'messages',
        lazy: async () => ({ Component: (await import('./messages-page.tsx')).MessagesPage }),
      },
      {
        path: 'courses',
        lazy: async () => ({ Component: (await import('./courses-page.tsx')).CoursesPage }),
      },
    ],
  },
];
