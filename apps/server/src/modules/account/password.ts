import { hash, verify } from '@node-rs/argon2';
import { randomToken } from '../../lib/tokens.ts';

// @node-rs/argon2 defaults to Argon2id with m=19 MiB, t=2, p=1: the OWASP baseline.

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A hash of a throw-away secret, so an unknown e-mail costs the same argon2 verify as a known one.
let dummyHash: Promise<string> | undefined;

/** Computes the dummy hash ahead of time, so even the first unknown address is not answered faster. */
export function prepareDummyHash(): void {
  dummyHash ??= hash(randomToken());
}

/** Checks a password against a stored hash; with no hash, burns the same time and says no. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    prepareDummyHash();
    await verify(await dummyHash!, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
