import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type StreamTransport from 'nodemailer/lib/stream-transport';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { createMailQueue, type MailQueueOptions } from './mail-queue.ts';

/** A file sent with a mail (an invoice's PDF); nodemailer encodes it. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /**
   * 'smtp' delivers for real; 'outbox' stores the rendered mail for developers and tests; 'log'
   * writes it to the server log (production without SMTP, only on explicit opt-in).
   */
  readonly mode: 'smtp' | 'outbox' | 'log';
  /** In 'smtp' mode the mail is queued (durably) and delivered in the background. */
  send(mail: Mail): Promise<void>;
  /** 'smtp' only: delivers what is due now (tests, and a shutdown that wants the queue empty). */
  drain?(): Promise<void>;
  close(): void | Promise<void>;
}

/** Bounds on one SMTP attempt (nodemailer waits minutes by default): well inside the queue's lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/**
 * Every mode goes through nodemailer, so the message is built exactly as it would be sent. With
 * SMTP_URL it is rendered once and queued in the database (mail_queue), and the mail queue delivers
 * it, retrying while the SMTP server is unreachable or drops the connection: a request never waits
 * for SMTP, and no mail is lost with a connection. Without SMTP_URL the rendered mail is kept in the
 * mail_outbox table (shared by all instances), readable at GET /api/dev/outbox outside production,
 * or written to the log.
 */
export function createMailer(options: {
  mode?: Mailer['mode'];
  smtpUrl?: string;
  from: string;
  db: Db;
  log?: FastifyBaseLogger;
  /** Tests shorten the queue's waits. */
  queue?: Pick<MailQueueOptions, 'pollMs' | 'retryBaseMs'>;
}): Mailer {
  const mode = options.mode ?? (options.smtpUrl ? 'smtp' : 'outbox');
  if (mode === 'smtp' && options.smtpUrl) {
    const smtp: Transporter = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
    const render: Transporter<StreamTransport.SentMessageInfo> = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
    });
    const queue = createMailQueue({ db: options.db, transport: smtp, log: options.log, ...options.queue });
    return {
      mode: 'smtp',
      async send(mail) {
        const rendered = await render.sendMail({ from: options.from, ...mail });
        await queue.enqueue({
          message: rendered.message as Buffer,
          envelope: { from: rendered.envelope.from || '', to: rendered.envelope.to },
          messageId: rendered.messageId,
          recipient: mail.to,
          subject: mail.subject,
        });
      },
      drain: () => queue.drain(),
      async close() {
        await queue.close();
        smtp.close();
        render.close();
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const { log } = options;
  if (mode === 'log' && log) {
    return {
      mode,
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'mail not delivered (MAIL_LOG_ONLY)');
      },
      close: () => transport.close(),
    };
  }
  return {
    mode: 'outbox',
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
      await options.db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close: () => transport.close(),
  };
}
