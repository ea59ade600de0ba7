import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../lib/tokens.ts';

// Disk-store upload addresses live minutes and are checked by the process that issued them (a disk store
// is one machine), so a per-process key is enough and never needs configuring.
const key = randomBytes(32);

function sign(name: string, expires: number): string {
  return createHmac('sha256', key).update(`avatar:${name}:${expires}`).digest('base64url');
}

/** Query string that makes `/v1/uploads/avatar/{name}` accept one PUT until `expiresAt`. */
export function signUpload(name: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `expires=${expires}&sig=${sign(name, expires)}`;
}

export function verifyUploadSignature(name: string, expires: number, sig: string, now = Date.now()): boolean {
  if (!Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  return safeEqual(sign(name, expires), sig);
}
