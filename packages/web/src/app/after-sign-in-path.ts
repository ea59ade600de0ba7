// One leading slash, then no slash or backslash, and no whitespace or backslash anywhere: browsers drop tabs
// and newlines and read `\` as `/`, so `/\t/evil.example` would otherwise become `//evil.example`.
const LOCAL_PATH = /^\/(?![/\\])[^\s\\]*$/;

/**
 * Where to go after sign-in: the page the session gate saved in `?redirect=`, when it is a path of this
 * app, otherwise its home (the portal's dashboard). Absolute and protocol-relative addresses are refused (no
 * open redirect).
 */
export function afterSignInPath(search: string, home = '/dashboard'): string {
  const redirect = new URLSearchParams(search).get('redirect');
  return redirect && LOCAL_PATH.test(redirect) ? redirect : home;
}
