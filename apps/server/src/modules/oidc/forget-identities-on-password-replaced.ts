import { eq } from 'drizzle-orm';
import { oidcFlows, oidcIdentities } from '../../db/schema.ts';
import { onPasswordReplaced } from '../account/index.ts';

let subscribed = false;

/**
 * A reset or change of the password unlinks every third-party sign-in of the account and drops its pending
 * links (ADR 0043): one linked by someone who had the password would otherwise outlive it.
 */
export function subscribeForgetIdentitiesOnPasswordReplaced(): void {
  if (subscribed) return;
  subscribed = true;
  onPasswordReplaced(async ({ db, userId }) => {
    await db.delete(oidcIdentities).where(eq(oidcIdentities.userId, userId));
    await db.delete(oidcFlows).where(eq(oidcFlows.userId, userId));
  });
}
