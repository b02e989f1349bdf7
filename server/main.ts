import closeWithGrace from 'close-with-grace';
import { loadConfig, publicUrl } from './config.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo-accounts.ts';

const config = loadConfig();
// Opening the database (PGlite's WebAssembly start) and loading the API's modules overlap.
const [{ database, seeded }, { buildApp }] = await Promise.all([openConfiguredDatabase(config), import('./app.ts')]);
const app = await buildApp({
  config,
  database,
  logger: { level: config.LOG_LEVEL },
});

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
});

await app.listen({ host: config.HOST, port: config.PORT });

const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.DATA_DIR}`;
const lines = [
  '',
  `  CloudFest 2026 is running at ${publicUrl(config)}`,
  `  Database: ${where}${seeded ? ' — demo data seeded' : ''}`,
  `  Mail: ${app.mailer.mode === 'smtp' ? 'SMTP' : `local outbox at ${publicUrl(config)}/api/dev/outbox`}`,
  `  API docs: ${publicUrl(config)}/api/docs`,
];
if (config.SEED_DEMO) {
  lines.push('', `  Demo accounts (password: ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email.padEnd(38)} ${account.description}`);
}
console.log(`${lines.join('\n')}\n`);
