import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

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
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Every mode goes through nodemailer, so the message is built exactly as it would be sent. Without
 * SMTP_URL the stream transport renders it and we keep it in the mail_outbox table (shared by all
 * instances), readable at GET /api/dev/outbox outside production, or write it to the log.
 */
export function createMailer(options: {
  mode?: Mailer['mode'];
  smtpUrl?: string;
  from: string;
  db: Db;
  log?: FastifyBaseLogger;
}): Mailer {
  const mode = options.mode ?? (options.smtpUrl ? 'smtp' : 'outbox');
  if (mode === 'smtp' && options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      mode: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
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
