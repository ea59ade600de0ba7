/**
 * What the portal needs from an external course platform (ADR 0037): its OAuth sign-in, who signed in,
 * and their enrolled courses. Teachable is the one implementation; another platform is another file.
 */
export interface PlatformTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

export interface PlatformUser {
  id: string;
  email: string;
  name: string;
}

export interface PlatformCourse {
  id: string;
  name: string;
  image: string | null;
  /** 0–100, or null when the platform does not say. */
  progress: number | null;
  url: string;
}

export interface CoursePlatform {
  name: string;
  displayName: string;
  /** The school's public address: course links and the `teachable` redirect type point here. */
  schoolUrl: string;
  authorizeUrl(input: { state: string; redirectUri: string }): string;
  exchangeCode(input: { code: string; redirectUri: string }): Promise<PlatformTokens>;
  refresh(refreshToken: string): Promise<PlatformTokens>;
  currentUser(accessToken: string): Promise<PlatformUser>;
  enrolledCourses(accessToken: string): Promise<PlatformCourse[]>;
}

/** The platform refused the token (expired or revoked): refresh, or bind again. */
export class PlatformAuthError extends Error {}
/** The platform did not answer, or answered something unusable. */
export class PlatformUnavailableError extends Error {}
