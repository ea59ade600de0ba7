import type { Database } from '../../db/client.ts';

/**
 * Who is in a class, for a broadcast to it. Classes belong to the training module, which stands above notify
 * (it sends through it), so training provides this at start (connect-modules.ts) instead of notify importing it.
 */
export interface ClassAudience {
  /** Throws the class's 404 when there is no such class. */
  mustExist(db: Database, classId: string): Promise<unknown>;
  memberIds(db: Database, classId: string): Promise<string[]>;
}

let provided: ClassAudience | undefined;

export function provideClassAudience(audience: ClassAudience): void {
  provided = audience;
}

export function classAudience(): ClassAudience {
  if (!provided)
    throw new Error('No module provides class audiences: run connectModules() (connect-modules.ts)');
  return provided;
}
