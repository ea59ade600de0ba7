import { createHash } from 'node:crypto';

/** A stable UUID (version 4 layout) for a seed key, so reruns hit the same rows. */
export function seedId(key: string): string {
  const h = createHash('sha256').update(`atrium-seed:${key}`).digest('hex');
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
