import { coursePlatformMessages } from '@atrium/protocol';
import { AppError, conflict, notFound } from '../../lib/errors.ts';

export const coursePlatformErrors = {
  unknownPlatform: () => notFound(coursePlatformMessages.unknownPlatform, 'course_platform_unknown'),
  unavailable: () => new AppError(503, 'course_platform_unavailable', coursePlatformMessages.unavailable),
  boundElsewhere: () => conflict('course_platform_bound_elsewhere', coursePlatformMessages.boundElsewhere),
  notBound: () => notFound('你沒有綁定這個課程平台的帳號', 'course_platform_not_bound'),
  lastSignIn: () =>
    conflict('course_platform_last_sign_in', '這是你唯一的登入方式，請先設定密碼（忘記密碼）再解除綁定'),
};
