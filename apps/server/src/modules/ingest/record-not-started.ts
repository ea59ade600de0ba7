import type { NotStartedRequest } from '@atrium/protocol/tracker/index';
import type { Database } from '../../db/client.ts';
import { ingestNotStarted } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { findProjectByKey } from './find-project.ts';

/** Keeps a tracker's reason for not starting (missing browser APIs, Do Not Track) for the project's staff. */
export async function recordNotStarted(db: Database, input: NotStartedRequest & { userAgent: string }) {
  const project = await findProjectByKey(db, input.projectKey);
  if (!project) throw notFound('找不到此專案', 'project_not_found');
  await db.insert(ingestNotStarted).values({
    projectId: project.id,
    trackerVersion: input.trackerVersion,
    doNotTrack: input.doNotTrack,
    reason: input.reason,
    userAgent: input.userAgent.slice(0, 1000),
  });
}
