import type { CoursePlatforms, RedirectType } from '@atrium/protocol';
import { apiCall } from '@atrium/web/api/client.ts';

/** spec 1 §3: the redirect type and route of the course-platform sign-in, kept in persistent storage. */
export const REDIRECT_TYPE_KEY = 'redirect_type';
export const REDIRECT_ROUTE_KEY = 'redirect_route';

export const coursePlatformApi = {
  platforms: (signal?: AbortSignal) => apiCall<CoursePlatforms>('GET', '/v1/course-platforms', { signal }),
  login: (platform: string, redirectType: RedirectType, route: string) =>
    apiCall<{ redirect_url: string }>('GET', `/v1/user/login/${encodeURIComponent(platform)}`, {
      query: { redirectType, route },
    }),
  /** The learner unbinds their platform account (issue 23). */
  unbind: (platform: string) =>
    apiCall<void>('DELETE', `/v1/user/course-platform/${encodeURIComponent(platform)}`),
};

/**
 * Signs in (or, signed in, binds) through the course platform: remembers where to come back to, then the
 * browser goes to the platform (spec 1 §7: the response holds redirect_url).
 */
export async function goToCoursePlatform(platform: string, redirectType: RedirectType, route: string) {
  const { redirect_url } = await coursePlatformApi.login(platform, redirectType, route);
  localStorage.setItem(REDIRECT_TYPE_KEY, redirectType);
  localStorage.setItem(REDIRECT_ROUTE_KEY, route);
  location.assign(redirect_url);
}

/** Where to go after the platform: the stored route on the portal or on the school; then forgets it. */
export function takeStoredReturn(schoolUrl: string | undefined): string {
  const type = localStorage.getItem(REDIRECT_TYPE_KEY);
  const route = localStorage.getItem(REDIRECT_ROUTE_KEY);
  localStorage.removeItem(REDIRECT_TYPE_KEY);
  localStorage.removeItem(REDIRECT_ROUTE_KEY);
  return returnTarget(type, route, schoolUrl);
}

/** The address for a stored redirect type and route; only a path is followed, never `//host` or a scheme. */
export function returnTarget(
  type: string | null,
  route: string | null,
  schoolUrl: string | undefined,
): string {
  const path = route && /^\/(?!\/)[^\s\\]*$/.test(route) ? route : '/dashboard';
  return type === 'teachable' && schoolUrl ? `${schoolUrl}${path}` : path;
}
