import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';

export interface EmailVerifiedEvent {
  db: Database;
  userId: string;
  email: string;
  nickname: string;
  /** register: the registration link or code; claim: a pre-portal account claimed; reset: proved by a reset. */
  via: 'register' | 'claim' | 'reset';
}
export type EmailVerifiedListener = (event: EmailVerifiedEvent) => Promise<void> | void;

const listeners = new Set<EmailVerifiedListener>();

/**
 * The hook other modules use to react when an address is verified for the first time (the notifications
 * module will send the welcome message from here). Returns the unsubscribe function.
 */
export function onEmailVerified(listener: EmailVerifiedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs every listener; a failing listener is logged and never undoes the verification. */
export async function emitEmailVerified(event: EmailVerifiedEvent, log: FastifyBaseLogger): Promise<void> {
  for (const listener of listeners) {
    try {
      await listener(event);
    } catch (err) {
      log.error({ err, userId: event.userId }, 'onEmailVerified listener failed');
    }
  }
}
