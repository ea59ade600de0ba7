import { and, eq } from 'drizzle-orm';
import { coursePlatformAccounts, coursePlatformFlows } from '../../db/schema.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { AccountDeps } from '../account/index.ts';
import {
  completeSignIn,
  externalSignInMail,
  findUserById,
  isKnownDevice,
  methodLinkedMail,
  type SignInContext,
  type SignInResult,
} from '../account/index.ts';
import { linkThirdpartyAccount } from '../profile/index.ts';
import { PlatformUnavailableError } from './course-platform.ts';
import { platformCallbackUrl, platformOf } from './platform-of.ts';
import { refreshCourseCache } from './registered-courses.ts';

/** Why a platform sign-in ended without a session; the portal shows the matching zh-TW message. */
export type PlatformFailure = 'denied' | 'state_invalid' | 'not_bound' | 'bound_elsewhere' | 'unavailable';

export type PlatformOutcome =
  | ({ status: 'signed_in' } & SignInResult)
  | { status: 'bound' }
  | { status: 'failed'; reason: PlatformFailure };

/**
 * The platform sent the browser back with a code. The flow is taken once by the browser's cookie and its
 * state; the code becomes tokens; the platform's user is bound to the signed-in learner who started it,
 * or signs in the learner it was bound to before. A platform e-mail alone never opens an account: the
 * platform does not say it verified it. The owner is mailed at a new binding and at the first sign-in
 * through the platform from a new browser (ADR 0043).
 */
export async function finishPlatformSignIn(
  deps: AccountDeps,
  input: { platform: string; query: Record<string, string | undefined>; browser?: string },
  ctx: SignInContext,
): Promise<PlatformOutcome> {
  const platform = platformOf(deps.config, input.platform);
  if (!platform || !input.browser) return { status: 'failed', reason: 'state_invalid' };
  const [flow] = await deps.db
    .delete(coursePlatformFlows)
    .where(eq(coursePlatformFlows.browserHash, sha256(input.browser)))
    .returning();
  if (
    !flow ||
    flow.platform !== platform.name ||
    flow.expiresAt < new Date() ||
    flow.state !== input.query.state
  ) {
    return { status: 'failed', reason: 'state_invalid' };
  }
  if (input.query.error) return { status: 'failed', reason: 'denied' };
  if (!input.query.code) return { status: 'failed', reason: 'state_invalid' };

  let tokens: Awaited<ReturnType<typeof platform.exchangeCode>>;
  let user: Awaited<ReturnType<typeof platform.currentUser>>;
  try {
    tokens = await platform.exchangeCode({
      code: input.query.code.slice(0, 2048),
      redirectUri: platformCallbackUrl(deps.config, platform.name),
    });
    user = await platform.currentUser(tokens.accessToken);
  } catch (err) {
    deps.log.warn({ err, platform: platform.name }, 'course platform sign-in failed');
    return { status: 'failed', reason: err instanceof PlatformUnavailableError ? 'unavailable' : 'denied' };
  }
  const tokenColumns = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    tokenExpiresAt: tokens.expiresAt,
    email: user.email,
  };
  const [bound] = await deps.db
    .select()
    .from(coursePlatformAccounts)
    .where(
      and(eq(coursePlatformAccounts.platform, platform.name), eq(coursePlatformAccounts.externalId, user.id)),
    )
    .limit(1);

  if (flow.userId) {
    if (bound && bound.userId !== flow.userId) return { status: 'failed', reason: 'bound_elsewhere' };
    // One platform account per learner: binding another replaces the first, and its cached courses.
    await deps.db
      .insert(coursePlatformAccounts)
      .values({ userId: flow.userId, platform: platform.name, externalId: user.id, ...tokenColumns })
      .onConflictDoUpdate({
        target: [coursePlatformAccounts.userId, coursePlatformAccounts.platform],
        set: { externalId: user.id, ...tokenColumns, courses: null, coursesFetchedAt: null },
      });
    await linkThirdpartyAccount(deps.db, flow.userId, {
      platform: platform.name,
      email: user.email,
      externalId: user.id,
    });
    await refreshCourseCache(deps, platform, flow.userId).catch(() => undefined);
    const owner = await findUserById(deps.db, flow.userId);
    if (owner && bound?.userId !== flow.userId) {
      deps.mail(
        methodLinkedMail({
          ...mailTo(owner),
          publicUrl: deps.config.publicUrl,
          method: platform.displayName,
        }),
      );
    }
    return { status: 'bound' };
  }

  if (!bound) return { status: 'failed', reason: 'not_bound' };
  const account = await findUserById(deps.db, bound.userId);
  if (!account || account.disabledAt) return { status: 'failed', reason: 'not_bound' };
  await deps.db
    .update(coursePlatformAccounts)
    .set(tokenColumns)
    .where(eq(coursePlatformAccounts.id, bound.id));
  // The first sign-in through the platform from this browser is told to the owner (ADR 0043).
  if (!(await isKnownDevice(deps.db, account.id, ctx.device))) {
    deps.mail(
      externalSignInMail({
        ...mailTo(account),
        publicUrl: deps.config.publicUrl,
        method: platform.displayName,
      }),
    );
  }
  return { status: 'signed_in', ...(await completeSignIn(deps, account, ctx, true)) };
}

const mailTo = (user: { email: string; nickname: string }) => ({ to: user.email, nickname: user.nickname });
