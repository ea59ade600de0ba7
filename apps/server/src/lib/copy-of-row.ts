/**
 * A row's values for a copy: every column but the named ones, so a column added to the table later is
 * copied unless someone decides here that it should not be (a hand-written copy silently dropped it).
 */
export function copyOfRow<R extends object, K extends keyof R>(row: R, notCopied: readonly K[]): Omit<R, K> {
  const copy = { ...row };
  for (const key of notCopied) delete copy[key];
  return copy;
}
