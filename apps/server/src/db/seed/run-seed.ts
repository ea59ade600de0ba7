// `npm run seed`: opens the database named by the environment, migrates it and adds the demo accounts.
import { loadConfigOrExit } from '../../config.ts';
import { openDatabaseOrExit } from '../open-database-or-exit.ts';
import { seedCommunity } from './seed-community.ts';
import { demoAccounts, seedDemoAccounts } from './seed-demo-accounts.ts';
import { seedIngest } from './seed-ingest.ts';

const config = loadConfigOrExit();

const database = openDatabaseOrExit(config);
try {
  await database.migrate();
  const results = await seedDemoAccounts(database.db);
  console.log(`community: ${(await seedCommunity(database.db)).classes} classes`);
  await seedIngest(database.db);
  for (const r of results) {
    const account = demoAccounts.find((a) => a.email === r.email)!;
    console.log(
      `${r.created ? 'created' : 'exists '}  ${account.email} / ${account.password}  (${account.role}, ${account.nickname})`,
    );
  }
} finally {
  await database.close();
}
