/**
 * The form two e-mail addresses are compared in: NFKC, then case folded (ADR 0043). A Kelvin sign (U+212A)
 * or a full-width letter folds to the ASCII letter it looks like, so such an address names the same account
 * as its plain spelling instead of a look-alike one.
 */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFKC').toLowerCase();
}

/**
 * True for an address that would only look like another: anything but printable ASCII (compatibility forms
 * such as U+212A, other scripts' look-alike letters, invisible characters). Our own sign-up accepts ASCII
 * addresses only, so such an address can never be the one an account was registered with.
 */
export function isConfusableEmail(email: string): boolean {
  return !/^[\x21-\x7e]+$/.test(email.trim());
}
