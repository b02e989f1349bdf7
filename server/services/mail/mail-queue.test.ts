import { createServer } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { mailQueue } from '../../db/schema/index.ts';
import { demoEmail } from '../../db/seed/demo-accounts.ts';
import { startFakeSmtpServer } from '../../testing/smtp-server.ts';
import { createTestDatabase, testConfig } from '../../testing/test-app.ts';
import { createMailer, type Mailer } from './mail.ts';
import { retryDelay } from './mail-queue.ts';

/**
 * Mail with SMTP_URL set goes through the durable queue (mail_queue): an SMTP server that drops
 * connections, is down, or runs beside a second instance loses no mail and gets none twice.
 */

const FROM = 'CloudFest 2026 <noreply@cloudfest.example>';
/** Short waits, so retries happen within the test. */
const FAST = { pollMs: 50, retryBaseMs: 50 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 15_000) {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(25);
  }
}

/** A logger that keeps what was logged at warn and error. */
function recordingLog() {
  const lines: { level: 'warn' | 'error' | 'info'; msg: string; data: unknown }[] = [];
  const at = (level: 'warn' | 'error' | 'info') => (data: unknown, msg?: string) =>
    lines.push({ level, msg: msg ?? String(data), data });
  const log = { warn: at('warn'), error: at('error'), info: at('info'), debug() {}, trace() {}, fatal() {} };
  return { lines, log: log as unknown as FastifyBaseLogger };
}

const mail = (n: number) => ({ to: `guest${n}@example.com`, subject: `Message ${n}`, text: `Hello number ${n}.` });

describe('the mail queue', () => {
  let database: Database;
  const mailers: Mailer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  // Each test's instances stop with it: none of them may take another test's mail.
  afterEach(async () => {
    for (const mailer of mailers.splice(0)) await mailer.close();
  });
  afterAll(async () => {
    await database.close();
  });

  function smtpMailer(url: string, log?: FastifyBaseLogger) {
    const mailer = createMailer({ mode: 'smtp', smtpUrl: url, from: FROM, db: database.db, log, queue: FAST });
    mailers.push(mailer);
    return mailer;
  }
  const queued = () => database.db.$count(mailQueue);

  it('delivers every mail exactly once although the SMTP server drops the first connections', async () => {
    const smtp = await startFakeSmtpServer();
    try {
      smtp.faults.push('drop-on-connect', 'drop-on-data', 'drop-on-connect');
      const { lines, log } = recordingLog();
      const mailer = smtpMailer(smtp.url, log);
      // The senders (requests) only wait for the database: the mails are queued, not yet delivered.
      for (const n of [1, 2, 3]) await mailer.send(mail(n));
      expect(smtp.received.length).toBeLessThan(3);

      await until(async () => smtp.received.length === 3 && (await queued()) === 0, 'three mails delivered');
      expect(smtp.connections).toBeGreaterThanOrEqual(6);
      expect(smtp.received.map((m) => m.to).sort()).toEqual([
        ['guest1@example.com'],
        ['guest2@example.com'],
        ['guest3@example.com'],
      ]);
      expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(3);
      expect(smtp.received.every((m) => m.from === 'noreply@cloudfest.example')).toBe(true);
      expect(smtp.received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]).sort()).toEqual([
        'Message 1',
        'Message 2',
        'Message 3',
      ]);
      // One warning for the outage, not one per retry; nothing given up.
      expect(lines.filter((line) => line.level === 'error')).toEqual([]);
      expect(lines.filter((line) => line.level === 'warn').length).toBeGreaterThanOrEqual(1);
      // Nothing is sent again later.
      await sleep(300);
      expect(smtp.received).toHaveLength(3);
    } finally {
      await smtp.close();
    }
  });

  it('keeps mail while the SMTP server is down and sends it, the same message, once it is back', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));

    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`);
    await mailer.send(mail(4));
    await until(async () => {
      const [row] = await database.db.select().from(mailQueue);
      return (row?.attempts ?? 0) >= 2;
    }, 'two failed attempts');
    const [row] = await database.db.select().from(mailQueue);
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await startFakeSmtpServer(port);
    try {
      await until(async () => smtp.received.length === 1 && (await queued()) === 0, 'the mail delivered once the server is back');
      expect(smtp.received[0]?.messageId).toBe(row?.messageId);
      expect(smtp.received[0]?.to).toEqual(['guest4@example.com']);
    } finally {
      await smtp.close();
    }
  });

  it('gives up a mail the server refuses for good (5xx), with an error in the log, and goes on with the next', async () => {
    const smtp = await startFakeSmtpServer();
    try {
      smtp.faults.push('refuse');
      const { lines, log } = recordingLog();
      const mailer = smtpMailer(smtp.url, log);
      await mailer.send(mail(5));
      await mailer.send(mail(6));
      await until(async () => smtp.received.length === 1 && (await queued()) === 0, 'one mail refused, one delivered');
      expect(smtp.received[0]?.to).toEqual(['guest6@example.com']);
      const errors = lines.filter((line) => line.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]?.msg).toBe('mail given up: the SMTP server did not take it');
      expect(errors[0]?.data).toMatchObject({ to: 'guest5@example.com', subject: 'Message 5', attempts: 1 });
    } finally {
      await smtp.close();
    }
  });

  it('sends each mail once when two instances share the queue', async () => {
    const smtp = await startFakeSmtpServer();
    try {
      const a = smtpMailer(smtp.url);
      const b = smtpMailer(smtp.url);
      await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).send(mail(100 + i))));
      await until(async () => smtp.received.length >= 20 && (await queued()) === 0, 'twenty mails delivered');
      await sleep(300);
      expect(smtp.received).toHaveLength(20);
      expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(20);
    } finally {
      await smtp.close();
    }
  });

  it('backs off: doubling from the base, capped at ten minutes, with jitter', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelay(attempts, 5_000, () => 1))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelay(30, 5_000, () => 1)).toBe(600_000);
    expect(retryDelay(1, 5_000, () => 0)).toBe(2_500);
  });

  it('answers a password reset at once while the SMTP server drops the connection, and the mail arrives after', async () => {
    const smtp = await startFakeSmtpServer();
    const mailer = smtpMailer(smtp.url);
    const app = await buildApp({ config: testConfig(), database, mailer, distDir: '/nonexistent' });
    try {
      await app.ready();
      smtp.faults.push('drop-on-data');
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/password/forgot',
        payload: { email: demoEmail('attendee') },
      });
      expect(res.statusCode, res.body).toBe(202);
      await until(() => smtp.received.length === 1, 'the reset mail delivered');
      const [delivered] = smtp.received;
      expect(delivered?.to).toEqual([demoEmail('attendee')]);
      // Quoted-printable may break long lines: joined again, the link is whole.
      expect(delivered?.raw.replaceAll('=\r\n', '')).toMatch(/http:\/\/localhost:3000\/sign-in\/changepassword\/[A-Za-z0-9_-]+/);
      expect(smtp.connections).toBe(2);
    } finally {
      // The app's close closes its mailer (the queue) too.
      await app.close();
      await smtp.close();
    }
  });
});
