import type { MemberReport, MemberRowResult } from '@atrium/protocol/community';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { classMembers } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { accountsByEmail, byEmail, labelUsers } from '../account/index.ts';

const email = z.email();

/** The members of a class with what staff need to recognise them. */
export async function listMembers(db: Database, classId: string) {
  const rows = await db
    .select({ userId: classMembers.userId, joinedAt: classMembers.joinedAt })
    .from(classMembers)
    .where(eq(classMembers.classId, classId));
  const labels = await labelUsers(
    db,
    rows.map((r) => r.userId),
  );
  return byEmail(rows, labels).map(({ row, label }) => ({
    user_id: label.id,
    email: label.email,
    nickname: label.nickname,
    joined_at: row.joinedAt.toISOString(),
  }));
}

/**
 * The e-mails of a CSV export: the first column of each line, a header line (anything that is not an
 * address, e.g. "email") skipped, quotes removed. Row numbers are the file's line numbers. A line with no
 * address among the rows comes back with an empty e-mail (reported as blank, issue 23); empty lines after the
 * last row (the file's final newline) are no rows.
 */
export function emailsFromCsv(csv: string): { row: number; email: string }[] {
  const out: { row: number; email: string }[] = [];
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((line, i) => {
    const first = (line.split(/[,;\t]/)[0] ?? '')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (i === 0 && !first.includes('@')) return;
    out.push({ row: i + 1, email: first });
  });
  while (out.length && !out[out.length - 1]!.email) out.pop();
  return out;
}

/**
 * Adds existing accounts to a class by e-mail and answers a line per row: added, already a member,
 * no such account, not an e-mail, a repeat of an earlier row, a blank row, or a staff account (classes are for
 * learners; staff see them in preview). Nothing is created for unknown addresses here (inviteMembers invites
 * them, ADR 0063), and a bad row never stops the others.
 */
export async function addMembers(
  db: Database,
  classId: string,
  rows: { row: number; email: string }[],
): Promise<Omit<MemberReport, 'invited'>> {
  const results: MemberRowResult[] = [];
  const seen = new Set<string>();
  const wanted: { row: number; email: string }[] = [];
  for (const r of rows) {
    const normal = r.email.trim().toLowerCase();
    if (!normal) results.push({ row: r.row, email: '', status: 'blank' });
    else if (!email.safeParse(normal).success)
      results.push({ row: r.row, email: r.email, status: 'invalid_email' });
    else if (seen.has(normal)) results.push({ row: r.row, email: normal, status: 'duplicate' });
    else {
      seen.add(normal);
      wanted.push({ row: r.row, email: normal });
    }
  }
  const accounts = await accountsByEmail(
    db,
    wanted.map((w) => w.email),
  );
  const found = [...accounts.values()];
  const existing = found.length
    ? await db
        .select({ userId: classMembers.userId })
        .from(classMembers)
        .where(
          and(
            eq(classMembers.classId, classId),
            inArray(
              classMembers.userId,
              found.map((u) => u.id),
            ),
          ),
        )
    : [];
  const members = new Set(existing.map((m) => m.userId));
  const toAdd: string[] = [];
  for (const w of wanted) {
    const account = accounts.get(w.email);
    const id = account?.id;
    if (!account || !id) results.push({ ...w, status: 'unknown_email' });
    else if (account.role !== 'learner') results.push({ ...w, status: 'staff_account' });
    else if (members.has(id)) results.push({ ...w, status: 'already_member' });
    else {
      toAdd.push(id);
      results.push({ ...w, status: 'added' });
    }
  }
  if (toAdd.length) {
    await db
      .insert(classMembers)
      .values(toAdd.map((userId) => ({ classId, userId })))
      .onConflictDoNothing();
  }
  results.sort((a, b) => a.row - b.row);
  return { added: toAdd.length, rows: results };
}

export async function removeMember(db: Database, classId: string, userId: string): Promise<void> {
  const gone = await db
    .delete(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, userId)))
    .returning({ userId: classMembers.userId });
  if (!gone.length) throw notFound('這位學員不在課程中', 'member_not_found');
}
