import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';

/** The browser's half of a course-platform sign-in (HttpOnly, only sent to the platform's callback). */
export const PLATFORM_FLOW_COOKIE = 'course_platform_flow';
const PATH = '/v1/course-platform';

export function setPlatformFlowCookie(reply: FastifyReply, config: Config, value: string, expiresAt: Date) {
  reply.setCookie(PLATFORM_FLOW_COOKIE, value, {
    path: PATH,
    domain: config.cookie.domain,
    secure: config.cookie.secure,
    sameSite: 'lax',
    httpOnly: true,
    expires: expiresAt,
  });
}

export function clearPlatformFlowCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(PLATFORM_FLOW_COOKIE, { path: PATH, domain: config.cookie.domain });
}
