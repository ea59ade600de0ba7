import { z } from 'zod';

/**
 * The external course platform (spec 1 §1, §3, §7; ADR 0037): sign-in through it, binding it to an account,
 * and the learner's registered courses read from it.
 */

export const coursePlatformMessages = {
  unknownPlatform: '找不到這個課程平台',
  unavailable: '課程平台暫時無法連線，請稍後再試',
  denied: '你已取消授權',
  stateInvalid: '登入連結已失效或遭竄改，請重新操作',
  notBound: '這個課程平台帳號尚未綁定，請先以電子郵件登入後再綁定',
  boundElsewhere: '這個課程平台帳號已綁定其他使用者',
  routeInvalid: '返回位置無效',
} as const;

/** spec 1 §3: where the portal returns after the platform sign-in: a portal route, or a page of the school. */
export const redirectType = z.enum(['user', 'teachable']);
export type RedirectType = z.infer<typeof redirectType>;

/** GET /v1/user/login/{platform}?redirectType=&route= → `{ redirect_url }`. */
export const platformLoginQuery = z.object({
  redirectType: redirectType.default('user'),
  // A path on the portal or the school, never another site.
  route: z
    .string()
    .max(512)
    .regex(/^\/(?!\/)[^\s\\]*$/, coursePlatformMessages.routeInvalid)
    .default('/user/courses'),
});
export const platformLoginResponse = z.object({ redirect_url: z.string() });

/** One registered course (spec 1 §1): title, image, progress (0–100), link. */
export const registeredCourse = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  image: z.string().nullable(),
  progress: z.number().min(0).max(100).nullable(),
});
export type RegisteredCourse = z.infer<typeof registeredCourse>;

/** GET /v1/user/courses (`?refresh=1` reads the platform again now). */
export const registeredCoursesQuery = z.object({ refresh: z.enum(['0', '1']).optional() });
export const registeredCoursesResponse = z.object({
  courses: z.array(registeredCourse),
  total: z.number().int(),
  /** The configured platform and whether this learner bound an account; null when none is configured. */
  platform: z
    .object({ name: z.string(), display_name: z.string(), school_url: z.string(), bound: z.boolean() })
    .nullable(),
  /** When the list was read from the platform (the server keeps it for a while). */
  fetched_at: z.string().nullable(),
});
export type RegisteredCourses = z.infer<typeof registeredCoursesResponse>;

/** GET /v1/course-platforms: what the sign-in page offers (public). */
export const coursePlatformsResponse = z.object({
  platforms: z.array(z.object({ name: z.string(), display_name: z.string(), school_url: z.string() })),
});
export type CoursePlatforms = z.infer<typeof coursePlatformsResponse>;
