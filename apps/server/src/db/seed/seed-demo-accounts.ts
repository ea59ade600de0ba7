import type { FastifyBaseLogger } from 'fastify';
import { ensureAccount, hasNoUsers } from '../../modules/account/index.ts';
import type { Database } from '../client.ts';
import { seedCommunity } from './seed-community.ts';

/** The demo sign-ins a newcomer uses on a fresh install (README). Both addresses are verified. */
export const demoAccounts = [
  { email: 'learner@atrium.local', password: 'Learner123', nickname: '學員小安', role: 'learner' },
  { email: 'staff@atrium.local', password: 'Staff1234', nickname: '助教阿哲', role: 'admin' },
  { email: 'agent@atrium.local', password: 'Agent1234', nickname: '客服小芸', role: 'agent' },
] as const;

/** Creates the demo accounts that do not exist yet; running it twice changes nothing. */
export async function seedDemoAccounts(db: Database): Promise<{ email: string; created: boolean }[]> {
  const results = [];
  for (const account of demoAccounts) {
    results.push({ email: account.email, created: await ensureAccount(db, account) });
  }
  return results;
}

/**
 * On a fresh development install, seeds the demo accounts and logs how to sign in. Never in tests or
 * production, and never once anybody has an account.
 */
export async function seedDemoAccountsOnBoot(
  db: Database,
  env: 'development' | 'production' | 'test',
  log: FastifyBaseLogger,
): Promise<void> {
  if (env !== 'development' || !(await hasNoUsers(db))) return;
  await seedDemoAccounts(db);
  await seedCommunity(db);
  // The start banner lists the sign-ins and says where mail goes (the real DATA_DIR): one place, no guess.
  log.info({ accounts: demoAccounts.map((a) => a.email) }, 'seeded the demo accounts and community');
}
