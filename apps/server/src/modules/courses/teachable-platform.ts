import { z } from 'zod';
import type { Config } from '../../config.ts';
import {
  type CoursePlatform,
  PlatformAuthError,
  type PlatformTokens,
  PlatformUnavailableError,
} from './course-platform.ts';

// A platform that hangs must not hold a learner's request for long; answers are bounded too.
const TIMEOUT_MS = 5000;
const MAX_BODY_BYTES = 2_000_000;
const MAX_COURSES = 500;
const SCOPES = 'name:read email:read courses:read';

const tokenAnswer = z.object({
  access_token: z.string().min(1).max(4096),
  refresh_token: z.string().max(4096).nullish(),
  expires_in: z.number().int().positive().nullish(),
});
const meAnswer = z.object({
  id: z.union([z.number(), z.string()]),
  email: z.string().max(254).default(''),
  name: z.string().max(200).nullish(),
});
const coursesAnswer = z.object({
  courses: z
    .array(
      z.object({
        id: z.union([z.number(), z.string()]),
        name: z.string().max(500),
        image_url: z.string().max(2048).nullish(),
        percent_complete: z.number().min(0).max(100).nullish(),
      }),
    )
    .max(MAX_COURSES),
});

/**
 * Teachable (ADR 0037 lists what is assumed of it): learners authorize at the school's SSO address
 * (`…/secure/{school_id}/identity/oauth_provider/authorize`); codes and refresh tokens are exchanged at
 * `{api}/current_user/oauth2/token`; `{api}/current_user/me` and `{api}/current_user/courses` read the learner.
 */
export function teachablePlatform(config: NonNullable<Config['teachable']>): CoursePlatform {
  async function call(path: string, init: RequestInit): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${config.apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new PlatformUnavailableError('teachable did not answer', { cause: err });
    }
    if (res.status === 401 || res.status === 403) throw new PlatformAuthError(`teachable ${res.status}`);
    const text = await res.text();
    if (!res.ok || text.length > MAX_BODY_BYTES)
      throw new PlatformUnavailableError(`teachable ${res.status}`);
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      throw new PlatformUnavailableError('teachable answered no JSON', { cause: err });
    }
  }
  function parse<T>(schema: z.ZodType<T>, value: unknown): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new PlatformUnavailableError('teachable answered an unexpected shape');
    return parsed.data;
  }
  async function token(body: Record<string, string>): Promise<PlatformTokens> {
    const answer = parse(
      tokenAnswer,
      await call('/current_user/oauth2/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          ...body,
          client_id: config.clientId,
          client_secret: config.clientSecret,
        }),
      }),
    );
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? null,
      expiresAt: answer.expires_in ? new Date(Date.now() + answer.expires_in * 1000) : null,
    };
  }
  const bearer = (accessToken: string) => ({
    method: 'GET',
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });

  return {
    name: 'teachable',
    displayName: 'Teachable',
    schoolUrl: config.schoolUrl,
    authorizeUrl({ state, redirectUri }) {
      const url = new URL(`${config.ssoUrl}/identity/oauth_provider/authorize`);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: SCOPES,
        state,
      }).toString();
      return url.href;
    },
    exchangeCode: ({ code, redirectUri }) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async currentUser(accessToken) {
      const me = parse(meAnswer, await call('/current_user/me', bearer(accessToken)));
      return { id: String(me.id), email: me.email.toLowerCase(), name: me.name ?? '' };
    },
    async enrolledCourses(accessToken) {
      const answer = parse(coursesAnswer, await call('/current_user/courses', bearer(accessToken)));
      return answer.courses.map((c) => ({
        id: String(c.id),
        name: c.name,
        image: c.image_url?.startsWith('https://') || c.image_url?.startsWith('http://') ? c.image_url : null,
        progress: c.percent_complete ?? null,
        url: `${config.schoolUrl}/courses/enrolled/${encodeURIComponent(String(c.id))}`,
      }));
    },
  };
}
