import type { DiscussionTargetKind } from '@atrium/protocol/discussion';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../types.d.ts';
import { isStaff } from '../account/index.ts';
import { listClassTasks } from '../tasks/index.ts';
import { getSubChapter, openClass } from '../training/index.ts';

/** Which thread: a sub-chapter's (with its chapter, the training gate needs both) or a task's. */
export type ThreadRef =
  | { classId: string; kind: 'sub_chapter'; chapterId: string; targetId: string }
  | { classId: string; kind: 'task'; chapterId: null; targetId: string };

export interface OpenThread {
  ref: ThreadRef;
  /** The reader is staff: sees hidden posts, may post in classes they are not members of. */
  staff: boolean;
  /** The class is not archived (ADR 0049): posting is possible. */
  writable: boolean;
  /** The portal page of the thread, for the reply notification. */
  link: string;
}

export const threadNotOpen = () => new AppError(403, 'not_open', '此單元尚未開放，開放後才能留言');

/**
 * The one gate of every discussion call: the reader may see the thread's sub-chapter or task, by the very
 * rules the training and tasks modules use for the content itself — members only (staff everywhere, in preview),
 * a sub-chapter before its release date or not enabled refused (403 not_open), an archived class read-only
 * when `write` (403 class_archived). A thread is never more open than what it is under.
 */
export async function openThread(
  db: Database,
  user: AuthUser,
  ref: ThreadRef,
  opts: { write?: boolean } = {},
): Promise<OpenThread> {
  const staff = isStaff(user);
  const cls = await openClass(db, ref.classId, user, { preview: staff, write: opts.write });
  let link: string;
  if (ref.kind === 'sub_chapter') {
    try {
      await getSubChapter(db, cls, ref.chapterId, ref.targetId, staff);
    } catch (err) {
      // The content's own words say 「開放後即可觀看」; someone writing wants to hear about writing.
      if (opts.write && err instanceof AppError && err.code === 'not_open') throw threadNotOpen();
      throw err;
    }
    link = `/training/${ref.classId}/board/content/${ref.chapterId}_${ref.targetId}`;
  } else {
    const tasks = await listClassTasks(db, [cls], user.id, { preview: staff });
    if (!tasks.some((t) => t.id === ref.targetId)) throw notFound('找不到這個任務', 'task_not_found');
    link = `/tasks/${ref.targetId}`;
  }
  return { ref, staff, writable: cls.archivedAt === null, link };
}

/** The thread a stored post belongs to. */
export function threadOf(row: {
  classId: string;
  targetKind: string;
  targetId: string;
  chapterId: string | null;
}): ThreadRef {
  const kind = row.targetKind as DiscussionTargetKind;
  return kind === 'sub_chapter'
    ? { classId: row.classId, kind, chapterId: row.chapterId ?? '', targetId: row.targetId }
    : { classId: row.classId, kind: 'task', chapterId: null, targetId: row.targetId };
}
