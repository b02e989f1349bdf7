/** `npm run pass:approve -- <email>`: approves a pending pass until an organizer console exists. */
import { loadConfig, publicUrl } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { createMailer } from '../server/services/mail/mail.ts';
import { ApprovalError, approvePassByEmail } from '../server/services/passes/pass-approval.ts';

const email = process.argv[2]?.trim();
if (!email || process.argv.length > 3) {
  console.error('Usage: npm run pass:approve -- <email>');
  process.exit(2);
}

const cfg = loadConfig();
const database = await openDatabase(cfg.DATABASE_URL ? { url: cfg.DATABASE_URL } : { dataDir: cfg.DATA_DIR });
const mailer = createMailer({ smtpUrl: cfg.SMTP_URL, from: cfg.MAIL_FROM, db: database.db });
try {
  // Apply pending migrations first, as the seed CLI does: the script may run before the server ever started.
  await database.migrate();
  const result = await approvePassByEmail(database.db, mailer, email, `${publicUrl(cfg)}/sign-in`);
  if (result.outcome === 'already-approved') {
    console.log(`The ${result.passType} of ${result.name} <${result.email}> was already approved; nothing changed.`);
  } else {
    const via = mailer.mode === 'smtp' ? 'by SMTP' : 'to the local outbox';
    console.log(`Approved the ${result.passType} of ${result.name} <${result.email}>; the e-mail was sent ${via}.`);
  }
} catch (error) {
  console.error(error instanceof ApprovalError ? error.message : error);
  process.exitCode = 1;
} finally {
  // With SMTP the mail is queued: sent now, or (server unreachable) by the next running instance.
  await mailer.drain?.();
  await mailer.close();
  await database.close();
}
