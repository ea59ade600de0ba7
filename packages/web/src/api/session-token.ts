import { deleteCookie, readCookie, writeCookie } from './cookies.ts';

/** The session token lives in the `token` cookie (spec 1 §3); the server sets it at sign-in. */
export const TOKEN_COOKIE = 'token';

export const readSessionToken = () => readCookie(TOKEN_COOKIE) || undefined;
export const writeSessionToken = (token: string, maxAgeSeconds?: number) =>
  writeCookie(TOKEN_COOKIE, token, maxAgeSeconds);
export const clearSessionToken = () => deleteCookie(TOKEN_COOKIE);
