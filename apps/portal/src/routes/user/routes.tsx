import type { RouteObject } from 'react-router';
import { CoursesPage } from './courses-page.tsx';
import { MessagesPage } from './messages-page.tsx';
import { PasswordPage } from './password-page.tsx';
import { ProfilePage } from './profile-page.tsx';
import { UserLayout } from './user-layout.tsx';

/** /user and its pages (spec 1 §2), in the layout with the user side menu. */
export const userRoutes: RouteObject[] = [
  {
    path: '/user',
    element: <UserLayout />,
    children: [
      { index: true, element: <ProfilePage /> },
      { path: 'password', element: <PasswordPage /> },
      { path: 'messages', element: <MessagesPage /> },
      { path: 'courses', element: <CoursesPage /> },
    ],
  },
];
