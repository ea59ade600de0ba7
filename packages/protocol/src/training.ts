import { z } from 'zod';

/**
 * The training-class calls of spec 1 §7. The spec names the paths only; methods and shapes are ours
 * (documented in OpenAPI at /v1/docs). Field names are snake_case like the rest of the API.
 */

export const subChapterTypes = ['link', 'dashboard', 'markdown', 'video', 'live'] as const;
export type SubChapterType = (typeof subChapterTypes)[number];
/** Types whose content the portal shows in place (fetched once per chapter_subchapter key). */
export const inPlaceSubChapterTypes: readonly SubChapterType[] = ['markdown', 'video', 'live'];

/** `?preview=0|1`: 1 shows unpublished chapters, sub-chapters and tasks; staff only. */
export const previewQuery = z.object({ preview: z.enum(['0', '1']).default('0') });

export const classPageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

export const classPagination = z.object({ page: z.number(), page_size: z.number(), total: z.number() });
export type ClassPagination = z.infer<typeof classPagination>;

export const classSession = z.object({
  id: z.string(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  check_in_opens_at: z.string(),
  check_in_closes_at: z.string(),
  live_url: z.string().nullable(),
});
export type ClassSession = z.infer<typeof classSession>;

export const taskProgress = z.object({
  total: z.number(),
  available: z.number(),
  accepted: z.number(),
  completed: z.number(),
  expired: z.number(),
  points_total: z.number(),
  points_earned: z.number(),
  /** completed / total, 0–100, rounded down; 0 when the class has no tasks. */
  percent: z.number(),
});
export type TaskProgress = z.infer<typeof taskProgress>;

/** GET /v1/training-classes/?page=n → my classes, newest first, 10 a page. */
export const classSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  next_session: classSession.nullable(),
  progress: taskProgress,
});
export type ClassSummary = z.infer<typeof classSummary>;
export const classList = z.object({ items: z.array(classSummary), pagination: classPagination });
export type ClassList = z.infer<typeof classList>;

/**
 * GET /v1/training-classes/{id}?preview= → the class with its chapter tree. `content` is given for `link`
 * (the address) and `dashboard` items only; in-place content comes from the sub-chapter call. Items with
 * enable false are listed (the sidebar shows 尚未開放) but never carry content.
 */
export const subChapterSummary = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  enable: z.boolean(),
  type: z.enum(subChapterTypes),
  content: z.string().nullable(),
  published: z.boolean(),
});
export type SubChapterSummary = z.infer<typeof subChapterSummary>;
export const chapterView = z.object({
  id: z.string(),
  name: z.string(),
  enable: z.boolean(),
  published: z.boolean(),
  /**
   * When the chapter opens (UTC). Until then it has enable false, like a chapter not open yet, and the portal
   * shows the date; null when it has no release date.
   */
  release_at: z.string().nullable(),
  sub_chapters: z.array(subChapterSummary),
});
export type ChapterView = z.infer<typeof chapterView>;
export const trainingClass = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  welcome: z.string(),
  preview: z.boolean(),
  /** Archived: its members still read it, but check-in and tasks refuse changes (class_archived; ADR 0049). */
  archived: z.boolean(),
  chapters: z.array(chapterView),
});
export type TrainingClass = z.infer<typeof trainingClass>;

/**
 * GET …/chapters/{chapterId}/subchapters/{subId}?preview= → one sub-chapter with its content:
 * markdown (a small safe subset the portal renders itself), a video address, a live-class address,
 * a link address. 403 not_open when the item or its chapter has enable false.
 */
export const subChapterView = subChapterSummary.extend({ chapter_id: z.string(), content: z.string() });
export type SubChapterView = z.infer<typeof subChapterView>;

/** GET …/check-in: the session that matters now (open window, else next, else last) and my state. */
export const checkInState = z.object({
  session: classSession.nullable(),
  /** True while now is inside the session's check-in window and I have not checked in. */
  may_check_in: z.boolean(),
  has_checked_in: z.boolean(),
  checked_in_at: z.string().nullable(),
  window: z.enum(['open', 'not_open', 'closed', 'none']),
});
export type CheckInState = z.infer<typeof checkInState>;
/** POST …/check-in (no body) → 200 the new state; a second call inside the window changes nothing. */

export const calendarEvent = z.object({
  id: z.string(),
  kind: z.enum(['session', 'task_due']),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  class_id: z.string(),
  session_id: z.string().nullable(),
  task_id: z.string().nullable(),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;
/** GET …/calendar → sessions and deadlines of published tasks, by start time. */
export const classCalendar = z.object({ events: z.array(calendarEvent) });
export type ClassCalendar = z.infer<typeof classCalendar>;

/** POST /v1/calendar/feed → a new secret feed address (the old one stops working); DELETE revokes it. */
export const calendarFeed = z.object({ url: z.string(), path: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeed>;

export const certificate = z.object({
  id: z.string(),
  verification_id: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  learner_name: z.string(),
  issued_at: z.string(),
});
export type Certificate = z.infer<typeof certificate>;
export const certificateList = z.object({ items: z.array(certificate) });
/** GET /v1/certificates/verify/{verificationId} (public) → what a verifier may see. */
export const certificateVerification = certificate.omit({ id: true }).extend({
  /** Set when staff revoked it: verifiers see it as revoked, not as unknown. */
  revoked_at: z.string().nullable(),
});
export type CertificateVerification = z.infer<typeof certificateVerification>;

export const classLink = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  description: z.string(),
});
export type ClassLink = z.infer<typeof classLink>;
export const classLinks = z.object({ items: z.array(classLink) });
