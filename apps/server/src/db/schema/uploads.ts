import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

/**
 * An avatar upload address the server issued to a user. Only an address issued here, for that user,
 * whose bytes were checked, can become the user's avatar; the random name makes each address immutable.
 */
export const avatarUploads = pgTable(
  'avatar_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Random file name, e.g. `k3…x.png`; the blob key is `avatars/{name}`. */
    name: text('name').notNull().unique(),
    contentType: text('content_type', { enum: ['image/png', 'image/jpeg'] }).notNull(),
    imageUrl: text('image_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The upload address stops working here. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set once the bytes were checked and the address stored on the profile; the blob is then public. */
    storedAt: timestamp('stored_at', { withTimezone: true }),
  },
  (t) => [index('avatar_uploads_user_idx').on(t.userId)],
);
