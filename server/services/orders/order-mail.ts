import type { FastifyBaseLogger } from 'fastify';
import { formatAmount } from '#shared/money.ts';
import { isFreeOrder, vatBreakdownOf, vatPercent } from '#shared/pricing.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { shortCalendarDate } from '../../i18n/formats.ts';
import type { Language } from '../../i18n/language.ts';
import { lineDescription } from '../../i18n/order-lines.ts';
import { type Translate, translator } from '../../i18n/translate.ts';
import { issuedFiles } from '../invoices/invoice-files.ts';
import type { Mail, MailAttachment } from '../mail/mail.ts';
import { composeMail, escapeHtml } from '../mail/mail-layout.ts';
import { greeting } from '../mail/mail-text.ts';
import type { CompletedOrder } from './completed-order.ts';

interface Wording {
  heading: string;
  /** The subject without the invoice number. */
  subject: string;
  /** What the order delivered, after the greeting and the thanks. */
  delivered: string[];
}

/** What each kind of order says it delivered, in the buyer's language. */
function wordingOf(completed: CompletedOrder, baseUrl: string, t: Translate<'mail'>, language: Language): Wording {
  const { order, pass, hotel, upgrade, trainTicket } = completed;
  const room = hotel
    ? t('order.room', {
        hotel: hotel.name,
        room: hotel.roomName,
        from: shortCalendarDate(hotel.start, language),
        to: shortCalendarDate(hotel.end, language),
      })
    : null;
  switch (order.kind) {
    case 'upgrade': {
      const to = upgrade?.to ?? pass?.name ?? t('order.newPass');
      return {
        heading: t(upgrade?.from ? 'order.heading.upgrade' : 'order.heading.pass'),
        subject: upgrade?.from ? t('order.subject.upgrade', { pass: to }) : t('order.subject.pass', { pass: to }),
        delivered: [
          upgrade?.from
            ? t('order.upgraded', { from: upgrade.from, pass: to, url: `${baseUrl}/pass` })
            : t('order.passReady', { pass: to, url: `${baseUrl}/pass` }),
        ],
      };
    }
    case 'hotel':
      return {
        heading: t('order.heading.hotel'),
        subject: t('order.subject.hotel'),
        delivered: [room ?? t('order.roomBooked'), t('order.bookingsInApp', { url: `${baseUrl}/accommodation` })],
      };
    case 'train-ticket':
      return {
        heading: t('order.heading.trainTicket'),
        subject: t('order.subject.trainTicket'),
        delivered: [
          t('order.trainTicketBooked', { ticket: trainTicket?.name ?? t('order.trainTicket'), code: trainTicket?.code ?? '' }),
          t('order.trainTicketShow', { url: `${baseUrl}/train-ticket` }),
        ],
      };
    case 'registration': {
      const passLine = !pass
        ? null
        : pass.status === 'approved'
          ? t('order.passApproved', { pass: pass.name, url: `${baseUrl}/sign-in` })
          : t('order.passPending', { pass: pass.name });
      return {
        heading: t('order.heading.registration'),
        subject: t('order.subject.registration'),
        delivered: [...(passLine ? [passLine] : []), ...(room ? [room] : [])],
      };
    }
  }
}

/** Thanks for a registration or any other order, mentioning the payment when there was one. */
function thanksOf(order: CompletedOrder['order'], t: Translate<'mail'>): string {
  const paid = order.status !== 'free';
  if (order.kind === 'registration') return t(paid ? 'order.thanks.registrationPaid' : 'order.thanks.registration');
  return t(paid ? 'order.thanks.orderPaid' : 'order.thanks.order');
}

/**
 * The confirmation of a completed order: what was ordered and delivered, what it cost, the invoice;
 * in the buyer's language, with amounts from the shared money formatter (src/shared/money.ts). With
 * `invoicePdf` the invoice travels as the attachment (orderConfirmationWithInvoice makes it).
 */
export function orderConfirmationMail(completed: CompletedOrder, baseUrl: string, invoicePdf?: MailAttachment): Mail {
  const { order, user, invoice } = completed;
  const { language } = user;
  const t = translator(language, 'mail');
  const common = translator(language, 'common');
  const money = (cents: number) => common('money', { amount: formatAmount(cents, language) });
  const amount = (cents: number) => (cents === 0 ? common('free') : money(cents));
  const wording = wordingOf(completed, baseUrl, t, language);

  const items = order.lines.map((line) => {
    const description = lineDescription(line, language);
    return line.quantity > 1
      ? t('order.item.quantity', {
          description,
          quantity: line.quantity,
          unitPrice: money(line.unitPrice),
          amount: amount(line.net),
        })
      : t('order.item', { description, amount: amount(line.net) });
  });
  // A free order: 'Total: Free', without net and VAT lines. Otherwise one VAT line per rate, as
  // on the invoice (tax rules).
  const totals = isFreeOrder(order)
    ? [t('order.total', { amount: common('free') })]
    : [
        t('order.net', { amount: money(order.net) }),
        ...vatBreakdownOf(order.lines).map((row) =>
          t('order.vat', { rate: Number(vatPercent(row.basisPoints)), amount: money(row.vat) }),
        ),
        t('order.total', { amount: money(order.gross) }),
      ];

  const subject = invoice
    ? t('order.subject.withInvoice', { subject: wording.subject, number: invoice.number })
    : order.kind === 'registration'
      ? t('order.subject.registrationComplete')
      : wording.subject;
  const list = (rows: string[]) => `<ul>${rows.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>`;
  const mail = composeMail({
    to: user.email,
    language,
    subject,
    heading: wording.heading,
    paragraphs: [
      greeting(user.firstName, language),
      thanksOf(order, t),
      ...wording.delivered,
      ...(invoice
        ? [t(invoicePdf ? 'order.invoiceAttached' : 'order.invoice', { number: invoice.number, url: `${baseUrl}/invoices` })]
        : []),
    ],
    extra: {
      text: `${t('order.items.text')}\n${items.map((i) => `- ${i}`).join('\n')}\n\n${totals.join('\n')}`,
      html: `<h2>${escapeHtml(t('order.items.heading'))}</h2>${list(items)}${list(totals)}`,
    },
  });
  return invoicePdf ? { ...mail, attachments: [invoicePdf] } : mail;
}

/** What sending an order's confirmation needs: the app's mailer, database and configuration (the seller). */
export interface OrderMailing {
  mailer: { send(mail: Mail): Promise<void> };
  db: Db;
  config: Config;
}

/**
 * The confirmation with the invoice attached as its hybrid PDF (ZUGFeRD / Factur-X: the PDF a person
 * reads with the EN 16931 XML inside), in the holder's language like the download. Should the PDF
 * fail, the mail still goes out, without it and saying the invoice is in the account.
 */
export async function orderConfirmationWithInvoice(
  app: OrderMailing,
  completed: CompletedOrder,
  baseUrl: string,
  log: FastifyBaseLogger,
): Promise<Mail> {
  const { invoice } = completed;
  if (!invoice) return orderConfirmationMail(completed, baseUrl);
  try {
    // Made and archived here, at issue: the download and the accountant's ZIP hand out these bytes.
    const files = await issuedFiles(app.db, app.config, invoice.id, invoice.userId);
    if (!files) throw new Error(`invoice ${invoice.number} not found`);
    const attachment = { filename: `${invoice.number}.pdf`, content: files.pdf, contentType: 'application/pdf' };
    return orderConfirmationMail(completed, baseUrl, attachment);
  } catch (error) {
    log.error({ err: error, invoiceId: invoice.id }, 'invoice PDF for the confirmation mail failed');
    return orderConfirmationMail(completed, baseUrl);
  }
}
