import type { MailPreferences } from '@atrium/protocol/mail-preferences';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailPreferences } from '../../db/schema.ts';

/** A learner's mail preferences; without a row, the defaults (class announcements on). */
export async function getMailPreferences(db: Database, userId: string): Promise<MailPreferences> {
  const [row] = await db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId));
  return { class_announcements: row?.classAnnouncements ?? true };
}

/** Stores a learner's choice (the portal's switch, or an unsubscribe link). */
export async function setMailPreferences(
  db: Database,
  userId: string,
  prefs: MailPreferences,
): Promise<MailPreferences> {
  const now = new Date();
  await db
    .insert(mailPreferences)
    .values({ userId, classAnnouncements: prefs.class_announcements, updatedAt: now })
    .onConflictDoUpdate({
      target: mailPreferences.userId,
      set: { classAnnouncements: prefs.class_announcements, updatedAt: now },
    });
  return prefs;
}
