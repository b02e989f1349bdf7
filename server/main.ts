import closeWithGrace from 'close-with-grace';
import { loadConfig, publicUrl, startWarnings } from './config.ts';
import { databaseUnavailableReason } from './db/connection-errors.ts';
import { DataDirBusyError } from './db/data-dir-lock.ts';
import { openConfiguredDatabaseOnly, prepareDatabase } from './db/open.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo-accounts.ts';
import { Readiness, shutDown } from './services/instance/readiness.ts';

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    // A refused or invalid configuration is the operator's to fix: its message, not a stack trace.
    console.error((error as Error).message);
    process.exit(1);
  }
})();
const readiness = new Readiness('starting');
// Opening the database (PGlite's WebAssembly start) and loading the API's modules overlap.
const [database, { buildApp }] = await Promise.all([
  openConfiguredDatabaseOnly(config).catch((error: unknown) => {
    // Another process has the embedded database open (a second server, a db: command): say which.
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(error.message);
    process.exit(1);
  }),
  import('./app.ts'),
]);
const app = await buildApp({
  config,
  database,
  readiness,
  logger: { level: config.LOG_LEVEL },
});

// A restart or failover of PostgreSQL drops the pooled connections: the pool replaces them on the
// next query (requests meanwhile get 503), so it is a warning, never a reason to exit.
database.onConnectionLost = (err) => {
  app.log.warn({ reason: databaseUnavailableReason(err) ?? err.message }, 'a pooled database connection was lost');
};

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await shutDown(app, database);
});

// Listening before migrating: /api/health answers at once (503, starting) and turns 200 once the
// migrations and the demo seed are done; other API calls get 503 with Retry-After until then.
await app.listen({ host: config.HOST, port: config.PORT });

/**
 * Migrates (and seeds) once the database answers: an instance started while PostgreSQL restarts or
 * fails over waits for it, answering 503, rather than exiting. Other errors stop the start.
 */
async function prepareWhenReachable(): Promise<{ seeded: boolean } | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await prepareDatabase(database, config);
    } catch (err) {
      // Shutting down (a signal while waiting): close-with-grace finishes the job.
      if (readiness.phase === 'stopping') return null;
      const reason = databaseUnavailableReason(err);
      if (!reason) throw err;
      if (attempt === 1) app.log.warn({ reason }, 'the database cannot be reached; migrating as soon as it can');
      await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 250 * 2 ** attempt)));
    }
  }
}

const prepared = await prepareWhenReachable().catch(async (err: unknown) => {
  app.log.fatal({ err }, 'preparing the database failed');
  await shutDown(app, database);
  process.exit(1);
});
// Null: a signal came while waiting for the database, and close-with-grace is shutting down.
if (prepared) {
  readiness.ready();
  console.log(startBanner(prepared.seeded));
}

function startBanner(seeded: boolean): string {
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.DATA_DIR}`;
  const lines = [
    '',
    `  CloudFest 2026 is running at ${publicUrl(config)}`,
    `  Database: ${where}${seeded ? ' — demo data seeded' : ''}`,
    `  Mail: ${{ smtp: 'SMTP', log: 'server log only', outbox: `local outbox at ${publicUrl(config)}/api/dev/outbox` }[app.mailer.mode]}`,
    `  API docs: ${publicUrl(config)}/api/docs`,
  ];
  if (config.SEED_DEMO) {
    lines.push('', `  Demo accounts (password: ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email.padEnd(38)} ${account.description}`);
  }
  for (const warning of startWarnings(config)) lines.push('', `  WARNING: ${warning}`);
  return `${lines.join('\n')}\n`;
}
