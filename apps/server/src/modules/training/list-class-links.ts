import type { ClassLink } from '@atrium/protocol/training';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { classLinks } from '../../db/schema.ts';

export async function listClassLinks(db: Database, classId: string): Promise<ClassLink[]> {
  const rows = await db
    .select()
    .from(classLinks)
    .where(eq(classLinks.classId, classId))
    .orderBy(asc(classLinks.sort), asc(classLinks.title));
  return rows.map((r) => ({ id: r.id, title: r.title, url: r.url, description: r.description }));
}
