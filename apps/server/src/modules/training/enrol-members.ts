import type { MemberReport } from '@atrium/protocol/community';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { addMembers, emailsFromCsv } from './manage-members.ts';

// One import adds its rows one by one in a single request: a file past this is refused whole.
const MAX_IMPORT_ROWS = 2000;

/** Adds members by the addresses staff typed; a report line per address, numbered from 1. */
export async function enrolByEmail(db: Database, classId: string, emails: string[]): Promise<MemberReport> {
  return addMembers(
    db,
    classId,
    emails.map((email, i) => ({ row: i + 1, email })),
  );
}

/** Adds members from a CSV of e-mails (first column); a report line per row of the file. */
export async function enrolFromCsv(db: Database, classId: string, csv: string): Promise<MemberReport> {
  const rows = emailsFromCsv(csv);
  if (rows.length > MAX_IMPORT_ROWS) throw badRequest('too_many_rows', '一次最多匯入 2000 筆');
  return addMembers(db, classId, rows);
}
