/**
 * Where to go after sign-in: the page the session gate saved in `?redirect=`, when it is a path of this
 * portal, otherwise the dashboard. Absolute and protocol-relative addresses are refused (no open redirect).
 */
export function afterSignInPath(search: string): string {
  const redirect = new URLSearchParams(search).get('redirect');
  if (redirect?.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\')) return redirect;
  return '/dashboard';
}
