import type { RegisteredCourses } from '@atrium/protocol';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { listRegisteredCourses } from '../courses/index.ts';

/**
 * Registered video courses come from the external course platform (the courses module, ADR 0037), read
 * through its cache; `refresh` asks the platform again now.
 */
export async function listUserCourses(
  deps: { db: Database; config: Config },
  userId: string,
  refresh = false,
): Promise<RegisteredCourses> {
  return listRegisteredCourses(deps, userId, { refresh });
}
