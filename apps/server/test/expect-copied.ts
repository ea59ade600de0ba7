import { getTableColumns, type Table } from 'drizzle-orm';
import { expect } from 'vitest';

type Row = Record<string, unknown>;

/**
 * Every column of `table` is either named as not copied or arrives in the copy with the source's value; and
 * the source sets every column away from what a bare row gets, or a dropped column would go unseen. A column
 * added later fails here until the fixture sets it and the copy carries it (or names it as not copied).
 */
export function expectCopied(
  table: Table,
  rows: { source: Row; bare: Row; copy: Row },
  notCopied: readonly string[],
) {
  for (const column of Object.keys(getTableColumns(table))) {
    if (notCopied.includes(column)) continue;
    expect(rows.source[column], `the fixture sets ${column} away from its default`).not.toEqual(
      rows.bare[column],
    );
    expect(rows.copy[column], `${column} is copied`).toEqual(rows.source[column]);
  }
}
