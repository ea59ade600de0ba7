import { z } from 'zod';
import { codeSchema, emailSchema, nicknameSchema, passwordSchema } from './validation.ts';

/**
 * The account calls of spec 1 §7. The spec shows no response shapes; these are ours (ADR 0002).
 * Every failure is `{ message, code }` (error.ts).
 */

export const accountUser = z.object({
  id: z.string(),
  email: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(['learner', 'agent', 'admin']),
});
export type AccountUser = z.infer<typeof accountUser>;

/** A successful sign-in: the token is also set as the `token` cookie. */
export const signedIn = z.object({ status: z.literal('signed_in'), user: accountUser, token: z.string() });
export type SignedIn = z.infer<typeof signedIn>;

/** POST /v1/user/register → 201 `{ email }`, the same answer whether or not the address is taken. */
export const registerBody = z.object({
  email: emailSchema,
  password: passwordSchema,
  nickname: nicknameSchema,
});
export type RegisterBody = z.infer<typeof registerBody>;
export const emailAccepted = z.object({ email: z.string() });
export type EmailAccepted = z.infer<typeof emailAccepted>;

/**
 * PUT /v1/user/register/verify → 200 SignedIn. Either the mailed link's token or the e-mail and the mailed
 * code. A claim link of an account from before the portal (/register/old-verify) also needs the new password
 * and may set a nickname.
 */
export const registerVerifyBody = z.union([
  z.object({
    token: z.string().min(1).max(200),
    password: passwordSchema.optional(),
    nickname: nicknameSchema.optional(),
  }),
  z.object({ email: emailSchema, code: codeSchema }),
]);
export type RegisterVerifyBody = z.infer<typeof registerVerifyBody>;

/** POST /v1/user/register/verify → 202 EmailAccepted: (re)send the verification or claim mail. */
export const resendBody = z.object({ email: emailSchema });
export type ResendBody = z.infer<typeof resendBody>;

/** POST /v1/user/login → 200 SignedIn, or VerifyRequired when the browser is new (a code is mailed). */
export const loginBody = z.object({ email: emailSchema, password: z.string().min(1).max(128) });
export type LoginBody = z.infer<typeof loginBody>;
export const verifyRequired = z.object({ status: z.literal('verify_required'), email: z.string() });
export const loginResult = z.discriminatedUnion('status', [signedIn, verifyRequired]);
export type LoginResult = z.infer<typeof loginResult>;

/** PUT /v1/user/login/verify → 200 SignedIn. The login ticket travels in a temporary cookie. */
export const loginVerifyBody = z.object({ code: codeSchema });
export type LoginVerifyBody = z.infer<typeof loginVerifyBody>;

/** POST /v1/user/reset_password → 202 EmailAccepted, the same answer for unknown addresses. */
export const resetRequestBody = z.object({ email: emailSchema });
/** POST /v1/user/reset_password/verify?token= → 200 EmailAccepted; every session of the user is signed out. */
export const resetVerifyQuery = z.object({ token: z.string().min(1).max(200) });
export const resetVerifyBody = z.object({ password: passwordSchema });

/** GET /v1/entry → 200 `{ user }`, 401 when the session is missing, revoked or expired. */
export const entryResponse = z.object({ user: accountUser });
export type EntryResponse = z.infer<typeof entryResponse>;

/** Stable error codes of the account calls, for clients that branch on them. */
export const accountErrorCodes = [
  'invalid_credentials',
  'email_unverified',
  'link_invalid',
  'link_expired',
  'code_invalid',
  'code_expired',
  'ticket_missing',
  'password_required',
  'rate_limited',
  'unauthorized',
  'validation',
] as const;
