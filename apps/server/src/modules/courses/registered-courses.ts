import type { RegisteredCourse, RegisteredCourses } from '@atrium/protocol';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { coursePlatformAccounts } from '../../db/schema.ts';
import { type CoursePlatform, PlatformAuthError } from './course-platform.ts';
import { coursePlatformErrors } from './course-platform-errors.ts';
import { configuredPlatforms } from './platform-of.ts';

/**
 * How long a course list read from the platform is shown without asking again. Progress changes while
 * someone watches; a quarter of an hour keeps the page cheap and is refreshed on demand (`?refresh=1`).
 */
export const COURSES_FRESH_MS = 15 * 60_000;
// Access tokens are refreshed this long before they expire, so a call never races the expiry.
const TOKEN_MARGIN_MS = 60_000;

interface Deps {
  db: Database;
  config: Config;
}

/** GET /v1/user/courses: the learner's registered courses from the platform, cached on the server. */
export async function listRegisteredCourses(
  deps: Deps,
  userId: string,
  opts: { refresh?: boolean } = {},
): Promise<RegisteredCourses> {
  const [platform] = configuredPlatforms(deps.config);
  if (!platform) return { courses: [], total: 0, platform: null, fetched_at: null };
  const info = { name: platform.name, display_name: platform.displayName, school_url: platform.schoolUrl };
  const account = await findAccount(deps.db, platform.name, userId);
  if (!account) return { courses: [], total: 0, platform: { ...info, bound: false }, fetched_at: null };

  const fresh =
    account.coursesFetchedAt && Date.now() - account.coursesFetchedAt.getTime() < COURSES_FRESH_MS;
  let courses = (account.courses as RegisteredCourse[] | null) ?? null;
  let fetchedAt = account.coursesFetchedAt;
  if (opts.refresh || !fresh || !courses) {
    try {
      ({ courses, fetchedAt } = await refreshCourseCache(deps, platform, userId));
    } catch (err) {
      // The platform is down: the last list is better than nothing, and says how old it is.
      if (!courses) throw Object.assign(coursePlatformErrors.unavailable(), { cause: err });
    }
  }
  return {
    courses: courses ?? [],
    total: courses?.length ?? 0,
    platform: { ...info, bound: true },
    fetched_at: fetchedAt?.toISOString() ?? null,
  };
}

/** Reads the enrolled courses now (refreshing the access token when due) and stores them. */
export async function refreshCourseCache(
  deps: Deps,
  platform: CoursePlatform,
  userId: string,
): Promise<{ courses: RegisteredCourse[]; fetchedAt: Date }> {
  const account = await findAccount(deps.db, platform.name, userId);
  if (!account) throw coursePlatformErrors.unknownPlatform();
  let accessToken = account.accessToken;
  const renew = async () => {
    if (!account.refreshToken) throw new PlatformAuthError('no refresh token');
    const tokens = await platform.refresh(account.refreshToken);
    await deps.db
      .update(coursePlatformAccounts)
      .set({
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken ?? account.refreshToken,
        tokenExpiresAt: tokens.expiresAt,
      })
      .where(eq(coursePlatformAccounts.id, account.id));
    accessToken = tokens.accessToken;
  };
  if (account.tokenExpiresAt && account.tokenExpiresAt.getTime() - TOKEN_MARGIN_MS < Date.now())
    await renew();
  let courses: RegisteredCourse[];
  try {
    courses = await platform.enrolledCourses(accessToken);
  } catch (err) {
    if (!(err instanceof PlatformAuthError)) throw err;
    // Revoked or expired early: one refresh, one retry.
    await renew();
    courses = await platform.enrolledCourses(accessToken);
  }
  const fetchedAt = new Date();
  await deps.db
    .update(coursePlatformAccounts)
    .set({ courses, coursesFetchedAt: fetchedAt })
    .where(eq(coursePlatformAccounts.id, account.id));
  return { courses, fetchedAt };
}

async function findAccount(db: Database, platform: string, userId: string) {
  const [row] = await db
    .select()
    .from(coursePlatformAccounts)
    .where(and(eq(coursePlatformAccounts.userId, userId), eq(coursePlatformAccounts.platform, platform)))
    .limit(1);
  return row;
}
