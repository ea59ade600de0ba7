import type { RouteObject } from 'react-router';
import { BoardHome } from './board-home.tsx';
import { BoardLayout } from './board-layout.tsx';
import { CertificatePage } from './certificate-page.tsx';
import { CheckInPage } from './check-in-page.tsx';
import { ClassListPage } from './class-list-page.tsx';
import { ContentPage } from './content-page.tsx';
import { WelcomePage } from './welcome-page.tsx';

/** Spec 1 §2: /training and a class's check-in, welcome, board and in-place content. */
export const trainingRoutes: RouteObject[] = [
  { path: '/training', element: <ClassListPage /> },
  { path: '/training/:id', element: <CheckInPage /> },
  { path: '/training/:id/welcome', element: <WelcomePage /> },
  {
    path: '/training/:id/board',
    element: <BoardLayout />,
    children: [
      { index: true, element: <BoardHome /> },
      { path: 'content/:chapterKey', element: <ContentPage /> },
    ],
  },
];

/** The printable certificate is public: whoever holds the verification id may check it. */
export const certificateRoutes: RouteObject[] = [
  { path: '/certificates/:verificationId', element: <CertificatePage /> },
];
