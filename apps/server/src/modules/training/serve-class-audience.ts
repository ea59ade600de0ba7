import { provideClassAudience } from '../notify/index.ts';
import { findAdminClass } from './manage-classes.ts';
import { listClassMemberIds } from './open-class.ts';

/** A broadcast to a class reaches its current members (notify asks; it stands below training). */
export function serveClassAudience(): void {
  provideClassAudience({ mustExist: findAdminClass, memberIds: listClassMemberIds });
}
