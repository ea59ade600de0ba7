import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** The fields of an account a learner edits on their profile (spec 1 §3); validated by the caller. */
export interface UserProfileFields {
  nickname?: string;
  firstName?: string;
  lastName?: string;
  description?: string;
  avatar?: string;
}

export async function updateUserProfile(
  db: Database,
  userId: string,
  fields: UserProfileFields,
): Promise<void> {
  await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
