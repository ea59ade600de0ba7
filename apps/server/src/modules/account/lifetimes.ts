/** How long each mailed proof lives (ADR 0002). */
export const TOKEN_TTL_MS = {
  verify: 24 * 3_600_000,
  claim: 24 * 3_600_000,
  reset: 3_600_000,
  login: 10 * 60_000,
} as const;

/** Wrong codes a verification or login ticket survives. */
export const MAX_CODE_ATTEMPTS = 5;

/** A browser that passed a code is remembered this long. */
export const DEVICE_TTL_MS = 365 * 86_400_000;
