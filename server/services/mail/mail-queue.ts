import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/connection-errors.ts';
import { mailQueue } from '../../db/schema/index.ts';
import { loggableError } from '../../plugins/errors.ts';

/** How often each instance looks for due mail (others' retries, mail left by a stopped instance). */
const POLL_MS = 5_000;
/** First retry after about this long, doubling up to RETRY_MAX_MS. */
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 10 * 60_000;
/** A mail the SMTP server did not take for a day is given up (logged as an error). */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/**
 * While one instance sends a mail, the row is leased to it this long. Longer than an attempt can
 * take (the SMTP timeouts in mail.ts), so no second instance sends it meanwhile; should the
 * instance die mid-send, the mail is sent again after the lease.
 */
export const LEASE_MS = 5 * 60_000;

/** nodemailer's codes for a connection that could not be made, timed out or was cut. */
const CONNECTION_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET']);

export interface QueuedMail {
  message: Buffer;
  envelope: { from: string; to: string[] };
  messageId: string;
  recipient: string;
  subject: string;
}

export interface MailQueueOptions {
  db: Db;
  /** The SMTP transport that delivers (sends the stored bytes as they are). */
  transport: Pick<Transporter, 'sendMail'>;
  log?: FastifyBaseLogger | undefined;
  /** Tests make these short. */
  pollMs?: number;
  retryBaseMs?: number;
  random?: () => number;
}

export interface MailQueue {
  /** Stores a rendered mail and wakes the sender; resolves once the mail is safe in the database. */
  enqueue(mail: QueuedMail): Promise<void>;
  /** Sends what is due now; resolves when nothing due is left (or the SMTP server is unreachable). */
  drain(): Promise<void>;
  /** Stops polling; a mail being sent is finished first. */
  close(): Promise<void>;
}

/** The wait after failed attempt `attempts` (1, 2, …): doubling, capped, times 0.5–1 so instances spread out. */
export function retryDelay(attempts: number, baseMs = RETRY_BASE_MS, random: () => number = Math.random): number {
  const base = Math.min(RETRY_MAX_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.5 + random() * 0.5));
}

const UNDEFINED_TABLE = '42P01';
const databaseErrorCode = (error: unknown) =>
  ((error as { cause?: { code?: unknown } })?.cause ?? (error as { code?: unknown }))?.code;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Durable outgoing mail. A request's mail is written to mail_queue and answered at once; this
 * sender delivers it. Each row is claimed with a lease (FOR UPDATE SKIP LOCKED: instances on one
 * database never take the same row), sent, and deleted when the SMTP server accepted it. A
 * dropped connection or a timeout only moves the row's next attempt on (backoff); a permanent
 * refusal (5xx) or a day of failures gives it up with an error in the log. Exactly once as far as
 * SMTP allows: the bytes, Message-ID included, are the same on every attempt, so the rare resend
 * (an instance dying after the server took the mail, before the row was deleted) is a duplicate a
 * mail client can recognise.
 */
export function createMailQueue(options: MailQueueOptions): MailQueue {
  const { db, transport, log } = options;
  const retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
  const random = options.random ?? Math.random;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  /** Set while the database or the SMTP server is out: one warning per outage, not one per poll. */
  let outage: 'database' | 'smtp' | null = null;

  async function claim() {
    const due = db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(lte(mailQueue.nextAttemptAt, sql`now()`))
      .orderBy(asc(mailQueue.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(mailQueue)
      .set({
        attempts: sql`${mailQueue.attempts} + 1`,
        nextAttemptAt: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`,
      })
      .where(inArray(mailQueue.id, due))
      .returning();
    return row;
  }

  /** Sends one claimed mail; false when the SMTP server could not be reached (stop for this round). */
  async function deliver(row: typeof mailQueue.$inferSelect): Promise<boolean> {
    try {
      await transport.sendMail({ envelope: row.envelope, raw: row.message });
    } catch (error) {
      const { code, permanent } = error as { code?: string; permanent?: boolean };
      const what = { messageId: row.messageId, to: row.recipient, subject: row.subject, attempts: row.attempts };
      if (permanent || Date.now() - row.createdAt.getTime() > GIVE_UP_AFTER_MS) {
        log?.error({ ...what, err: error }, 'mail given up: the SMTP server did not take it');
        await db.delete(mailQueue).where(eq(mailQueue.id, row.id));
        return true;
      }
      const wait = retryDelay(row.attempts, retryBaseMs, random);
      await db
        .update(mailQueue)
        .set({ nextAttemptAt: sql`now() + ${`${wait} milliseconds`}::interval`, lastError: errorText(error) })
        .where(eq(mailQueue.id, row.id));
      const unreachable = typeof code === 'string' && CONNECTION_CODES.has(code);
      if (unreachable && outage !== 'smtp') log?.warn({ ...what, err: error }, 'SMTP server unreachable: mail kept for a retry');
      else if (!unreachable) log?.warn({ ...what, err: error }, 'mail not taken this time: kept for a retry');
      if (unreachable) outage = 'smtp';
      // The next mails would fail the same way: they wait for the next round.
      return !unreachable;
    }
    await db.delete(mailQueue).where(eq(mailQueue.id, row.id));
    if (outage === 'smtp') log?.info('SMTP server reachable again: queued mail is being sent');
    outage = null;
    return true;
  }

  async function run() {
    do {
      again = false;
      try {
        for (;;) {
          if (closed) return;
          const row = await claim();
          if (!row) break;
          if (!(await deliver(row))) break;
        }
        if (outage === 'database') outage = null;
      } catch (error) {
        // Not migrated yet: main.ts listens (and builds the app) before it migrates.
        if (databaseErrorCode(error) === UNDEFINED_TABLE) return;
        // The database is out (a restart): the rows are safe there, the next poll tries again.
        if (!isDatabaseUnavailable(error)) log?.error({ err: loggableError(error) }, 'mail queue failed; retrying');
        else if (outage !== 'database')
          log?.warn({ err: loggableError(error) }, 'mail queue cannot reach the database; retrying');
        if (isDatabaseUnavailable(error)) outage = 'database';
        return;
      }
    } while (again && !closed);
  }

  function wake(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = run().finally(() => {
      running = null;
    });
    return running;
  }

  const poll = setInterval(() => void wake(), options.pollMs ?? POLL_MS);
  poll.unref();
  // Mail left by an instance that stopped, or due while none ran.
  void wake();

  return {
    async enqueue(mail) {
      await db.insert(mailQueue).values(mail);
      void wake();
    },
    drain: wake,
    async close() {
      closed = true;
      clearInterval(poll);
      await running;
    },
  };
}
