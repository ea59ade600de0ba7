import { randomBytes } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { coursePlatformFlows } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { coursePlatformErrors } from './course-platform-errors.ts';
import { platformCallbackUrl, platformOf } from './platform-of.ts';

export const PLATFORM_FLOW_MINUTES = 10;

/**
 * GET /v1/user/login/{platform}: the platform's authorize address, with a state kept on the server and
 * bound to this browser by an HttpOnly cookie. Signed in, it binds the platform account to this user
 * (the bind modal); signed out, it signs in an account bound before.
 */
export async function startPlatformSignIn(
  db: Database,
  config: Config,
  input: { platform: string; userId?: string },
): Promise<{ redirectUrl: string; browser: string; expiresAt: Date }> {
  const platform = platformOf(config, input.platform);
  if (!platform) throw coursePlatformErrors.unknownPlatform();
  const state = randomBytes(24).toString('base64url');
  const browser = randomToken();
  const expiresAt = new Date(Date.now() + PLATFORM_FLOW_MINUTES * 60_000);
  await db.delete(coursePlatformFlows).where(lt(coursePlatformFlows.expiresAt, new Date()));
  await db.insert(coursePlatformFlows).values({
    browserHash: sha256(browser),
    platform: platform.name,
    state,
    userId: input.userId ?? null,
    expiresAt,
  });
  const redirectUrl = platform.authorizeUrl({
    state,
    redirectUri: platformCallbackUrl(config, platform.name),
  });
  return { redirectUrl, browser, expiresAt };
}
