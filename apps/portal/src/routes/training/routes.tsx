import type { RouteObject } from 'react-router';

/** The class list's code; the dashboard prefetches it (its cards link to classes). */
export const loadClassList = () => import('./class-list-page.tsx');

/** Spec 1 §2: /training and a class's check-in, welcome, board and in-place content. */
export const trainingRoutes: RouteObject[] = [
  { path: '/training', lazy: async () => ({ Component: (await loadClassList()).ClassListPage }) },
  {
    path: '/training/:id',
    lazy: async () => ({ Component: (await import('./check-in-page.tsx')).CheckInPage }),
  },
  {
    path: '/training/:id/welcome',
    lazy: async () => ({ Component: (await import('./welcome-page.tsx')).WelcomePage }),
  },
  {
    path: '/training/:id/board',
    lazy: async () => ({ Component: (await import('./board-layout.tsx')).BoardLayout }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./board-home.tsx')).BoardHome }) },
      {
        path: 'content/:chapterKey',
        lazy: async () => ({ Component: (await import('./content-page.tsx')).ContentPage }),
      },
    ],
  },
];

/** The printable certificate is public: whoever holds the verification id may check it. */
export const certificateRoutes: RouteObject[] = [
  {
    path: '/certificates/:verificationId',
    lazy: async () => ({ Component: (await import('./certificate-page.tsx')).CertificatePage }),
  },
];
