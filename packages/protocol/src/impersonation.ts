import { z } from 'zod';

/** Impersonation (spec 1 §4, ADR 0035): an admin views the portal as one learner for a limited time. */
export const impersonationMessages = {
  refused: '此連結無法用來切換身分，請由管理後台重新產生',
  learnerNotFound: '找不到這位學員',
  notALearner: '只能以學員的身分檢視',
  readOnly: '代為檢視時不能變更密碼、電子郵件或連結的帳號',
  notInLearnersVoice: '代為檢視時不能以學員的名義發文、繳交作業、簽到或接受任務',
} as const;

/** Impersonation limits: at least one minute, at most one hour; a quarter of an hour by default. */
export const IMPERSONATION_MIN_SECONDS = 60;
export const IMPERSONATION_MAX_SECONDS = 3600;

/** POST /v1/console/impersonation (admins only). */
export const impersonationMintBody = z
  .object({
    /** The learner, by id (from a list) or by e-mail (typed by the admin). */
    user_id: z.uuid().optional(),
    email: z.email().max(254).optional(),
    seconds: z.number().int().min(IMPERSONATION_MIN_SECONDS).max(IMPERSONATION_MAX_SECONDS).default(900),
  })
  .refine((body) => body.user_id || body.email, { message: '請指定學員', path: ['email'] });
export type ImpersonationMintBody = z.input<typeof impersonationMintBody>;
export const impersonationMinted = z.object({
  token: z.string(),
  expires_at: z.string(),
  /** The portal path that starts it (same origin as the console): `h_use_this_user_token`, `h_time_limit` (epoch ms). */
  portal_path: z.string(),
});
export type ImpersonationMinted = z.infer<typeof impersonationMinted>;

/** POST /v1/user/impersonation: the portal asks before it swaps tokens; only minted tokens pass. */
export const impersonationBeginBody = z.object({ token: z.string().min(1).max(200) });
export const impersonationBegun = z.object({ expires_at: z.string() });

/** GET /v1/console/impersonation/audit (admins only): every mint, use and refusal, newest first. */
export const impersonationAuditQuery = z.strictObject({
  learner_id: z.uuid().optional(),
  admin_id: z.uuid().optional(),
  page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number<string | number>().int().min(1).max(100).default(50),
});
export type ImpersonationAuditQuery = z.input<typeof impersonationAuditQuery>;
export const impersonationEvent = z.object({
  at: z.string(),
  action: z.enum(['mint', 'use', 'refused', 'change']),
  admin_id: z.string().nullable(),
  learner_id: z.string().nullable(),
  session_id: z.string().nullable(),
  ip: z.string(),
  detail: z.string(),
});
export type ImpersonationEvent = z.infer<typeof impersonationEvent>;
export const impersonationAuditPage = z.object({ total: z.number(), entries: z.array(impersonationEvent) });
export type ImpersonationAuditPage = z.infer<typeof impersonationAuditPage>;
