import { type AnyPgColumn, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { trainingClasses } from './training.ts';

/**
 * Posts and one level of replies in the thread of a sub-chapter or a task (ADR 0061). The target has no
 * foreign key: it belongs to the training or the tasks module, and the discussion module asks them (through
 * their index.ts) whether the reader may see it, so a post of a removed target is simply never reached.
 */
export const discussionPosts = pgTable(
  'discussion_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => trainingClasses.id, { onDelete: 'cascade' }),
    /** 'sub_chapter' or 'task'. */
    targetKind: text('target_kind').notNull(),
    targetId: uuid('target_id').notNull(),
    /** A sub-chapter's chapter: the training module's gate needs both ids. Null for a task. */
    chapterId: uuid('chapter_id'),
    /** The post a reply answers; null for a post. Replies go with their post. */
    parentId: uuid('parent_id').references((): AnyPgColumn => discussionPosts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Deleted while it had replies: kept as 「此留言已刪除」 so the replies keep their place; body emptied. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Hidden by staff: learners never receive it (nor its replies); staff see it marked. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
  },
  (t) => [
    index('discussion_posts_thread_idx').on(t.targetKind, t.targetId, t.parentId, t.createdAt),
    index('discussion_posts_class_idx').on(t.classId, t.createdAt),
    index('discussion_posts_parent_idx').on(t.parentId),
  ],
);
