import type { RouteObject } from 'react-router';

/** The account flow of spec 1 §2; public screens (no session needed), each loaded when first opened. */
export const accountRoutes: RouteObject[] = [
  { path: '/login', lazy: async () => ({ Component: (await import('./login-page.tsx')).LoginPage }) },
  {
    path: '/login/verify',
    lazy: async () => ({ Component: (await import('./login-verify-page.tsx')).LoginVerifyPage }),
  },
  {
    path: '/password/reset',
    lazy: async () => ({ Component: (await import('./password-reset-page.tsx')).PasswordResetPage }),
  },
  {
    path: '/password/setting',
    lazy: async () => ({ Component: (await import('./password-setting-page.tsx')).PasswordSettingPage }),
  },
  {
    path: '/register',
    lazy: async () => ({ Component: (await import('./register-page.tsx')).RegisterPage }),
  },
  {
    path: '/register/old-verify',
    lazy: async () => ({ Component: (await import('./old-verify-page.tsx')).OldVerifyPage }),
  },
  {
    path: '/register/verify',
    lazy: async () => ({ Component: (await import('./register-verify-page.tsx')).RegisterVerifyPage }),
  },
  {
    path: '/register/send',
    lazy: async () => ({ Component: (await import('./register-send-page.tsx')).RegisterSendPage }),
  },
  {
    path: '/login/course-platform',
    lazy: async () => ({
      Component: (await import('./course-platform-return-page.tsx')).CoursePlatformReturnPage,
    }),
  },
  // The third-party provider's return point, `/{provider}callback`; other one-segment paths go to /login.
  {
    path: '/:segment',
    lazy: async () => ({ Component: (await import('./oidc-callback-page.tsx')).OidcCallbackRoute }),
  },
];
