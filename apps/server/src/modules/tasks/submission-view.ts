import type { SubmissionKind, TaskSubmission } from '@atrium/protocol/tasks';
import type { taskSubmissions } from '../../db/schema.ts';

export type SubmissionRow = typeof taskSubmissions.$inferSelect;

export function toSubmissionView(row: SubmissionRow): TaskSubmission {
  return {
    id: row.id,
    kind: row.kind as SubmissionKind,
    body: row.body,
    file_name: row.fileName,
    file_size: row.fileSize,
    status: row.status as TaskSubmission['status'],
    submitted_at: row.submittedAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    feedback: row.feedback,
    points: row.points,
  };
}
