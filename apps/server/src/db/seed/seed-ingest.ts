import type { Database } from '../client.ts';
import { ingestProjects } from '../schema.ts';

/** The portal's tracker project. Its key is public (it is in every portal page), so it can be fixed. */
export const PORTAL_PROJECT = { name: 'Atrium 入口網站', key: 'atrium-portal' } as const;

/**
 * Makes sure the portal's tracker project exists, in every environment: the portal starts the tracker
 * with this key, and staff rename it or change its settings through the console API. Idempotent.
 */
export async function seedIngest(db: Database): Promise<{ created: boolean }> {
  const rows = await db
    .insert(ingestProjects)
    .values({ name: PORTAL_PROJECT.name, key: PORTAL_PROJECT.key })
    .onConflictDoNothing({ target: ingestProjects.key })
    .returning({ id: ingestProjects.id });
  return { created: rows.length > 0 };
}
