import type { UserLabel } from '../account/index.ts';

/**
 * Class rows joined in memory with their accounts' labels (account owns the users table), ordered by e-mail
 * as staff lists are; a row whose account is gone is left out, as the old inner join did.
 */
export function byEmail<T extends { userId: string }>(rows: readonly T[], labels: Map<string, UserLabel>) {
  return rows
    .flatMap((row) => {
      const label = labels.get(row.userId);
      return label ? [{ row, label }] : [];
    })
    .sort((a, b) => (a.label.email < b.label.email ? -1 : a.label.email > b.label.email ? 1 : 0));
}
