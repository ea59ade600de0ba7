import type { RouteObject } from 'react-router';
import { LoginPage } from './login-page.tsx';
import { LoginVerifyPage } from './login-verify-page.tsx';
import { OldVerifyPage } from './old-verify-page.tsx';
import { PasswordResetPage } from './password-reset-page.tsx';
import { PasswordSettingPage } from './password-setting-page.tsx';
import { RegisterPage } from './register-page.tsx';
import { RegisterSendPage } from './register-send-page.tsx';
import { RegisterVerifyPage } from './register-verify-page.tsx';

/** The account flow of spec 1 §2; public screens (no session needed). */
export const accountRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/login/verify', element: <LoginVerifyPage /> },
  { path: '/password/reset', element: <PasswordResetPage /> },
  { path: '/password/setting', element: <PasswordSettingPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/register/old-verify', element: <OldVerifyPage /> },
  { path: '/register/verify', element: <RegisterVerifyPage /> },
  { path: '/register/send', element: <RegisterSendPage /> },
];
