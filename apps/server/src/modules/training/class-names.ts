import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { trainingClasses } from '../../db/schema.ts';

/** The names of the given classes (unknown ids are left out), for other modules' lists that name a class. */
export async function classNames(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: trainingClasses.id, name: trainingClasses.name })
    .from(trainingClasses)
    .where(inArray(trainingClasses.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}
