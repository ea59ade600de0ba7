// `npm run admin -- add you@example.com [--agent]`: makes an address an admin (or an agent), creating the
// account when it does not exist yet, so a fresh install gets its first admin without the seed.
import { z } from 'zod';
import { loadConfigOrExit } from '../config.ts';
import { openDatabaseOrExit } from '../db/open-database-or-exit.ts';
import { grantRole } from '../modules/account/index.ts';

const usage = 'usage: npm run admin -- add <e-mail> [--agent]';
const [command, email, ...flags] = process.argv.slice(2);
if (command !== 'add' || !email || !z.email().safeParse(email.trim()).success) {
  console.error(usage);
  process.exit(2);
}
const role = flags.includes('--agent') ? 'agent' : 'admin';

const config = loadConfigOrExit();

const database = openDatabaseOrExit(config);
try {
  await database.migrate();
  const granted = await grantRole(database.db, email, role);
  console.log(`${granted.email} is now ${role}.`);
  if (granted.password) {
    console.log(`new account; one-time password (change it after signing in): ${granted.password}`);
  }
} finally {
  await database.close();
}
