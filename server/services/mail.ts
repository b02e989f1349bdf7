import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** 'smtp' delivers for real; 'outbox' stores the rendered mail for developers and tests. */
  readonly mode: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Both modes go through nodemailer, so the message is built exactly as it would be sent. Without
 * SMTP_URL the stream transport renders it and we keep it in the mail_outbox table (shared by all
 * instances), readable at GET /api/dev/outbox.
 */
export function createMailer(options: { smtpUrl?: string; from: string; db: Db }): Mailer {
  if (options.smtpUrl) {
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
  return {
    mode: 'outbox',
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
      await options.db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close: () => transport.close(),
  };
}
