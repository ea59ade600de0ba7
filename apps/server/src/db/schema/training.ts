import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './account.ts';

/** A live training class (cohort). Learners see it only when published and they are members. */
export const trainingClasses = pgTable('training_classes', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** Markdown shown on /training/{id}/welcome. */
  welcome: text('welcome').notNull().default(''),
  published: boolean('published').notNull().default(false),
  /** Set when staff archive a finished class: hidden from learners and from the console's default list. */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const classMembers = pgTable(
  'class_members',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => trainingClasses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.userId] }), index('class_members_user_idx').on(t.userId)],
);

/** One live meeting of a class; learners check in only between checkInOpensAt and checkInClosesAt. */
export const classSessions = pgTable(
  'class_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => trainingClasses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    checkInOpensAt: timestamp('check_in_opens_at', { withTimezone: true }).notNull(),
    checkInClosesAt: timestamp('check_in_closes_at', { withTimezone: true }).notNull(),
    liveUrl: text('live_url'),
  },
  (t) => [index('class_sessions_class_idx').on(t.classId, t.startsAt)],
);

export const checkIns = pgTable(
  'check_ins',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'present' or 'late'; a learner's own check-in is 'present'. Absent means no row. */
    status: text('status').notNull().default('present'),
    /** The staff member who marked it by hand; null when the learner checked in. */
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] })],
);

export const chapters = pgTable(
  'chapters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => trainingClasses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** False: listed with 尚未開放, its content refused. */
    enable: boolean('enable').notNull().default(true),
    /** False: only staff in preview mode see it at all. */
    published: boolean('published').notNull().default(true),
    /** Closed to learners (shown with this date) until then; null means no release date. */
    releaseAt: timestamp('release_at', { withTimezone: true }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('chapters_class_idx').on(t.classId, t.sort)],
);

export const subChapters = pgTable(
  'sub_chapters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    icon: text('icon').notNull().default(''),
    enable: boolean('enable').notNull().default(true),
    published: boolean('published').notNull().default(true),
    type: text('type', { enum: ['link', 'dashboard', 'markdown', 'video', 'live'] }).notNull(),
    /** link: https address or #/path; markdown: the text; video / live: an https address; dashboard: ''. */
    content: text('content').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('sub_chapters_chapter_idx').on(t.chapterId, t.sort)],
);

export const classLinks = pgTable('class_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  classId: uuid('class_id')
    .notNull()
    .references(() => trainingClasses.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** Issued when a learner completes every published task of a class; names are kept as issued. */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => trainingClasses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Public, unguessable id printed on the certificate and used by /certificates/{verificationId}. */
    verificationId: text('verification_id').notNull().unique(),
    className: text('class_name').notNull(),
    learnerName: text('learner_name').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when staff revoke it; public verification then answers "revoked" instead of forgetting it. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('certificates_class_user_idx').on(t.classId, t.userId)],
);

/** The secret address of a learner's iCal feed (calendar apps cannot send cookies). Only its hash is kept. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Reminders already sent (class starting, deadline approaching), so a sweep never sends one twice. */
export const trainingReminders = pgTable('training_reminders', {
  key: text('key').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An invitation to a class for an address with no account yet (ADR 0063). Only the SHA-256 of the mailed token
 * is kept; it is open while not used, not revoked and before `expiresAt`. The class is joined when that same
 * address is verified, never by whoever holds the link.
 */
export const classInvitations = pgTable(
  'class_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => trainingClasses.id, { onDelete: 'cascade' }),
    /** Normalised (trimmed, lower case), as account stores addresses. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the latest mail went out: resend waits a minute after it. */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    sendCount: integer('send_count').notNull().default(1),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('class_invitations_class_idx').on(t.classId, t.createdAt),
    index('class_invitations_email_idx').on(t.email),
    // One unused, unrevoked invitation per class and address: inviting again renews it.
    uniqueIndex('class_invitations_open_idx')
      .on(t.classId, t.email)
      .where(sql`${t.usedAt} is null and ${t.revokedAt} is null`),
  ],
);
