import { coursePlatformMessages } from '@atrium/protocol';
import { AppError, conflict, notFound } from '../../lib/errors.ts';

export const coursePlatformErrors = {
  unknownPlatform: () => notFound(coursePlatformMessages.unknownPlatform, 'course_platform_unknown'),
  unavailable: () => new AppError(503, 'course_platform_unavailable', coursePlatformMessages.unavailable),
  boundElsewhere: () => conflict('course_platform_bound_elsewhere', coursePlatformMessages.boundElsewhere),
};
