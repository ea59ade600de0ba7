import type { Database } from '../../db/client.ts';

export interface PasswordReplacedEvent {
  db: Database;
  userId: string;
  /** reset: through the mailed link; change: from the profile with the old password. */
  via: 'reset' | 'change';
}
export type PasswordReplacedListener = (event: PasswordReplacedEvent) => Promise<void>;

const listeners = new Set<PasswordReplacedListener>();

/**
 * The hook the modules that add ways into an account use to drop them when its password is replaced
 * (third-party sign-ins, course-platform bindings: ADR 0043). Process-wide; the event carries its database.
 */
export function onPasswordReplaced(listener: PasswordReplacedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Runs every listener. Unlike the e-mail-verified hook a failure is not swallowed: a reset that left a
 * thief's linked sign-in in place must fail loudly rather than report success.
 */
export async function emitPasswordReplaced(event: PasswordReplacedEvent): Promise<void> {
  for (const listener of listeners) await listener(event);
}
