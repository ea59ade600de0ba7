import { flowCookie } from '../../lib/flow-cookie.ts';

/** The browser's half of a course-platform sign-in or binding (only sent to the platform's callback). */
export const platformFlowCookie = flowCookie('course_platform_flow', '/v1/course-platform');
