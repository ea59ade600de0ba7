import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { ingestProjects } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { randomToken } from '../../lib/tokens.ts';
import type { ProjectView, projectInput, projectPatch } from './console-schemas.ts';
import type { Project } from './find-project.ts';

export function projectToView(p: Project): ProjectView {
  return {
    id: p.id,
    name: p.name,
    key: p.key,
    canvasEnabled: p.canvasEnabled,
    canvasQuality: p.canvasQuality,
    canvasFPS: p.canvasFps,
    createdAt: p.createdAt.toISOString(),
  };
}

export async function listProjects(db: Database): Promise<ProjectView[]> {
  const rows = await db.select().from(ingestProjects).orderBy(asc(ingestProjects.createdAt));
  return rows.map(projectToView);
}

/** A new project; without a chosen key it gets a random one (the key is public, it only names the project). */
export async function createProject(db: Database, input: z.infer<typeof projectInput>): Promise<ProjectView> {
  const [row] = await db
    .insert(ingestProjects)
    .values({
      name: input.name,
      key: input.key ?? randomToken(12),
      canvasEnabled: input.canvasEnabled,
      canvasQuality: input.canvasQuality,
      canvasFps: input.canvasFPS,
    })
    .onConflictDoNothing({ target: ingestProjects.key })
    .returning();
  if (!row) throw conflict('project_key_taken', '此專案金鑰已被使用');
  return projectToView(row);
}

export async function updateProject(
  db: Database,
  projectId: string,
  patch: z.infer<typeof projectPatch>,
): Promise<ProjectView> {
  const set = Object.fromEntries(
    Object.entries({
      name: patch.name,
      canvasEnabled: patch.canvasEnabled,
      canvasQuality: patch.canvasQuality,
      canvasFps: patch.canvasFPS,
    }).filter(([, v]) => v !== undefined),
  );
  const [row] =
    Object.keys(set).length === 0
      ? await db.select().from(ingestProjects).where(eq(ingestProjects.id, projectId))
      : await db.update(ingestProjects).set(set).where(eq(ingestProjects.id, projectId)).returning();
  if (!row) throw notFound('找不到此專案', 'project_not_found');
  return projectToView(row);
}
