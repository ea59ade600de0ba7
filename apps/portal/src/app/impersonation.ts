import { ApiError } from '@atrium/web/api/api-error.ts';
import { apiCall } from '@atrium/web/api/client.ts';
import { clearSessionToken, readSessionToken, writeSessionToken } from '@atrium/web/api/session-token.ts';

/**
 * Impersonation (spec 1 §3, §4): opened with `?h_use_this_user_token=…&h_time_limit=…`, the portal keeps the
 * original token in local storage, signs in with the supplied one, and puts the original back when the time
 * limit passes. The server decides who may mint such a token; the portal only swaps cookies.
 */
export const ORIGINAL_TOKEN_KEY = 'original_token';
export const TIME_LIMIT_KEY = 'impersonation_time_limit';
const TOKEN_PARAM = 'h_use_this_user_token';
const LIMIT_PARAM = 'h_time_limit';
/** Spec 1 §9: the restored token cookie lasts 60 days. */
const RESTORED_TOKEN_SECONDS = 60 * 86_400;

/**
 * The spec does not say what h_time_limit holds. We accept a Unix time in milliseconds or seconds (large
 * values) or, for small values, a number of seconds from now; the result is the deadline in ms.
 */
export function parseTimeLimit(raw: string, now = Date.now()): number | null {
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) return null;
  if (value >= 1e12) return value;
  if (value >= 1e9) return value * 1000;
  return now + value * 1000;
}

export function impersonationDeadline(): number | null {
  const raw = localStorage.getItem(TIME_LIMIT_KEY);
  const value = raw ? Number(raw) : Number.NaN;
  return Number.isFinite(value) ? value : null;
}

/** Puts the original token back (or none, if there was none) and forgets the impersonation. */
export function endImpersonation(): void {
  const original = localStorage.getItem(ORIGINAL_TOKEN_KEY);
  if (original) writeSessionToken(original, RESTORED_TOKEN_SECONDS);
  else clearSessionToken();
  forgetImpersonation();
}

/**
 * Forgets the impersonation without restoring anyone: at sign-out the server ends the admin's session with
 * the learner's (ADR 0043), and the browser must not keep the admin's token to put back either.
 */
export function forgetImpersonation(): void {
  localStorage.removeItem(ORIGINAL_TOKEN_KEY);
  localStorage.removeItem(TIME_LIMIT_KEY);
}

/** Why the last impersonation link was refused (the server's message), for the banner to show once. */
export let impersonationRefusal: string | null = null;

/**
 * Asks the server whether the token is a minted impersonation token (ADR 0035); an ordinary session token
 * is refused there, so a link can no longer sign anyone into someone else's account. Answers the server's
 * limit, or null when refused.
 */
async function confirmWithServer(token: string): Promise<number | null> {
  try {
    const { expires_at } = await apiCall<{ expires_at: string }>('POST', '/v1/user/impersonation', {
      body: { token },
    });
    return Date.parse(expires_at);
  } catch (error) {
    impersonationRefusal = error instanceof ApiError && error.message ? error.message : '';
    return null;
  }
}

/** Runs once at start, before the first call: starts an impersonation from the URL, or ends an expired one. */
export async function applyImpersonation(): Promise<void> {
  const url = new URL(location.href);
  const token = url.searchParams.get(TOKEN_PARAM);
  const asked = parseTimeLimit(url.searchParams.get(LIMIT_PARAM) ?? '');
  const serverLimit = token && asked && asked > Date.now() ? await confirmWithServer(token) : null;
  // The earlier of the two: the link may ask for less time than minted, never for more.
  const deadline = serverLimit === null || asked === null ? null : Math.min(asked, serverLimit);
  if (token && deadline && deadline > Date.now()) {
    // A second impersonation link must not overwrite the staff member's own token with a borrowed one.
    if (localStorage.getItem(TIME_LIMIT_KEY) === null) {
      localStorage.setItem(ORIGINAL_TOKEN_KEY, readSessionToken() ?? '');
    }
    localStorage.setItem(TIME_LIMIT_KEY, String(deadline));
    writeSessionToken(token, (deadline - Date.now()) / 1000);
  }
  if (url.searchParams.has(TOKEN_PARAM) || url.searchParams.has(LIMIT_PARAM)) {
    // The borrowed token must not stay in the address bar, history or a bookmark.
    url.searchParams.delete(TOKEN_PARAM);
    url.searchParams.delete(LIMIT_PARAM);
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  const current = impersonationDeadline();
  if (current !== null && current <= Date.now()) endImpersonation();
}
