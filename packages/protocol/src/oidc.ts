import { z } from 'zod';
import { signedIn } from './account.ts';

/**
 * Third-party sign-in with OpenID Connect (spec 1 §1, §2; ADR 0036). The portal asks the server for the
 * provider's address, the provider sends the browser back to `/{provider}callback`, and the portal hands
 * that query to the server, which finishes the flow.
 */

export const oidcMessages = {
  unknownProvider: '找不到這個登入方式',
  unavailable: '第三方登入服務暫時無法使用，請稍後再試',
  denied: '你已取消授權，沒有登入',
  stateInvalid: '登入連結已失效或遭竄改，請重新登入',
  failed: '第三方登入失敗，請重新登入',
  noEmail: '第三方帳號沒有提供電子郵件，無法登入',
  emailUnverified: '第三方帳號的電子郵件尚未驗證，請先在該服務驗證電子郵件後再登入',
  linkedElsewhere: '這個第三方帳號已連結到其他使用者',
  alreadyLinked: '你已連結這個登入方式',
  pendingInvalid: '連結已逾時，請重新登入',
  passwordWrong: '密碼不正確',
  lastSignIn: '這是你唯一的登入方式，請先設定密碼再解除連結',
  accountDisabled: '此帳號已停用',
  notLinked: '尚未連結這個登入方式',
  emailConfusable: '第三方帳號的電子郵件含有容易混淆的字元，無法用來登入，請改用其他登入方式',
  staffLinkRefused: '工作人員帳號不能以第三方帳號的電子郵件連結，請先以密碼登入，再到個人資料連結',
} as const;

/** Provider names become the portal's callback path (`/{name}callback`): short, lower-case, URL-safe. */
export const oidcProviderName = z.string().regex(/^[a-z][a-z0-9-]{0,30}$/, oidcMessages.unknownProvider);

/** GET /v1/oidc/providers: what the sign-in page offers. */
export const oidcProvidersResponse = z.object({
  providers: z.array(z.object({ name: z.string(), display_name: z.string() })),
});
export type OidcProviders = z.infer<typeof oidcProvidersResponse>;

/** POST /v1/oidc/{provider}/authorize: sign in (public) or link to the signed-in account (profile). */
export const oidcAuthorizeBody = z.object({ intent: z.enum(['login', 'link']).default('login') });
export type OidcAuthorizeBody = z.input<typeof oidcAuthorizeBody>;
export const oidcRedirect = z.object({ redirect_url: z.string() });

/** POST /v1/oidc/{provider}/callback: the query string the provider sent the browser back with. */
export const oidcCallbackBody = z.object({ search: z.string().max(4096) });

/** The e-mail matches an account the provider did not vouch for: its owner must prove the password. */
export const oidcPasswordRequired = z.object({ status: z.literal('password_required'), email: z.string() });
export const oidcLinked = z.object({ status: z.literal('linked') });
export const oidcCallbackResult = z.discriminatedUnion('status', [
  signedIn,
  oidcPasswordRequired,
  oidcLinked,
]);
export type OidcCallbackResult = z.infer<typeof oidcCallbackResult>;

/** POST /v1/oidc/link/confirm: the password of the existing account (the pending link is in a cookie). */
export const oidcConfirmBody = z.object({ password: z.string().min(1).max(128) });
/** The right password is not enough (ADR 0043): a code is mailed to the account's owner, as for a new browser. */
export const oidcVerifyRequired = z.object({ status: z.literal('verify_required'), email: z.string() });
export type OidcVerifyRequired = z.infer<typeof oidcVerifyRequired>;
