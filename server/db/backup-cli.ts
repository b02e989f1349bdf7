/** `npm run db:backup [FILE]` and `npm run db:restore FILE` (server/db/backup.ts does the work). */
import { BackupError, backup, restore } from './backup.ts';
import { DataDirBusyError } from './data-dir-lock.ts';

// Only where the database lives matters here, not a configuration that passes the production
// checks: a backup must still be possible while the rest of the settings are being fixed.
const where = { dataDir: process.env.DATA_DIR || './data', databaseUrl: process.env.DATABASE_URL || undefined };
const [command, file, ...extra] = process.argv.slice(2);

async function run(): Promise<void> {
  if (command === 'backup' && extra.length === 0) {
    const done = await backup(where, file);
    const size = (done.bytes / 1024 / 1024).toFixed(1);
    console.log(`Backup written to ${done.file} (${size} MB, snapshot taken by ${done.via}).`);
    console.log('It holds every account and the pass-signing key: store it as safely as the data dir itself.');
  } else if (command === 'restore' && file && extra.length === 0) {
    const done = await restore(where, file);
    console.log(`Restored ${file} into ${done.dataDir}.`);
    if (done.aside) console.log(`The previous data is kept in ${done.aside}; delete it once the restored data looks right.`);
  } else {
    console.error('Usage: npm run db:backup [-- FILE]   |   npm run db:restore -- FILE');
    process.exitCode = 2;
  }
}

try {
  await run();
} catch (error) {
  const known = error instanceof BackupError || error instanceof DataDirBusyError;
  console.error(known ? (error as Error).message : error);
  process.exitCode = 1;
}
