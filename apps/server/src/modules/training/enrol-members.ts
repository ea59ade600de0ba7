import type { MemberReport } from '@atrium/protocol/community';
import { badRequest } from '../../lib/errors.ts';
import type { InvitationDeps } from './invitation-deps.ts';
import { inviteMembers } from './invite-members.ts';
import { emailsFromCsv } from './manage-members.ts';

// One import adds its rows one by one in a single request: a file past this is refused whole.
const MAX_IMPORT_ROWS = 2000;

/** Adds members by the addresses staff typed (unknown ones invited); a report line per address, numbered from 1. */
export async function enrolByEmail(
  deps: InvitationDeps,
  classId: string,
  emails: string[],
  invitedBy: string,
): Promise<MemberReport> {
  return inviteMembers(
    deps,
    classId,
    emails.map((email, i) => ({ row: i + 1, email })),
    invitedBy,
  );
}

/** Adds members from a CSV of e-mails (first column); a report line per row of the file. */
export async function enrolFromCsv(
  deps: InvitationDeps,
  classId: string,
  csv: string,
  invitedBy: string,
): Promise<MemberReport> {
  const rows = emailsFromCsv(csv);
  if (rows.length > MAX_IMPORT_ROWS) throw badRequest('too_many_rows', '一次最多匯入 2000 筆');
  return inviteMembers(deps, classId, rows, invitedBy);
}
