/** `npm run db:seed`: migrate the configured database and fill it with the demo event. */
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, genericAttendeeEmail } from './demo-accounts.ts';
import { seed } from './index.ts';

const cfg = loadConfig();
const database = await openDatabase(cfg.DATABASE_URL ? { url: cfg.DATABASE_URL } : { dataDir: cfg.DATA_DIR });
try {
  await database.migrate();
  const started = performance.now();
  const { seeded } = await seed(database.db, { genericAttendees: cfg.DEMO_ATTENDEES });
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${cfg.DATA_DIR}`;
  if (!seeded) {
    console.log(`${where} is already seeded; nothing changed.`);
  } else {
    console.log(`Seeded the demo event into ${where} in ${Math.round(performance.now() - started)} ms.`);
    console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(40)} ${a.description}`);
    console.log(`  plus ${genericAttendeeEmail(1)} ... ${genericAttendeeEmail(cfg.DEMO_ATTENDEES)}`);
  }
} catch (error) {
  console.error('Seeding failed:', error);
  process.exitCode = 1;
} finally {
  await database.close();
}
