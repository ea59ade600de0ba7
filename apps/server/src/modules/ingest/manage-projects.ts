import type {
  TrackerProject,
  TrackerProjectInput,
  TrackerProjectPatch,
} from '@atrium/protocol/tracker-settings';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestProjects } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { randomToken } from '../../lib/tokens.ts';
import type { Project } from './find-project.ts';

export function projectToView(p: Project): TrackerProject {
  return {
    id: p.id,
    name: p.name,
    key: p.key,
    canvas_enabled: p.canvasEnabled,
    canvas_quality: p.canvasQuality,
    canvas_fps: p.canvasFps,
    created_at: p.createdAt.toISOString(),
  };
}

export async function listProjects(db: Database): Promise<TrackerProject[]> {
  const rows = await db.select().from(ingestProjects).orderBy(asc(ingestProjects.createdAt));
  return rows.map(projectToView);
}

/** A new project; without a chosen key it gets a random one (the key is public, it only names the project). */
export async function createProject(db: Database, input: TrackerProjectInput): Promise<TrackerProject> {
  const [row] = await db
    .insert(ingestProjects)
    .values({
      name: input.name,
      key: input.key ?? randomToken(12),
      canvasEnabled: input.canvas_enabled,
      canvasQuality: input.canvas_quality,
      canvasFps: input.canvas_fps,
    })
    .onConflictDoNothing({ target: ingestProjects.key })
    .returning();
  if (!row) throw conflict('project_key_taken', '此專案金鑰已被使用');
  return projectToView(row);
}

export async function updateProject(
  db: Database,
  projectId: string,
  patch: TrackerProjectPatch,
): Promise<TrackerProject> {
  const set = Object.fromEntries(
    Object.entries({
      name: patch.name,
      canvasEnabled: patch.canvas_enabled,
      canvasQuality: patch.canvas_quality,
      canvasFps: patch.canvas_fps,
    }).filter(([, v]) => v !== undefined),
  );
  const [row] =
    Object.keys(set).length === 0
      ? await db.select().from(ingestProjects).where(eq(ingestProjects.id, projectId))
      : await db.update(ingestProjects).set(set).where(eq(ingestProjects.id, projectId)).returning();
  if (!row) throw notFound('找不到此專案', 'project_not_found');
  return projectToView(row);
}
