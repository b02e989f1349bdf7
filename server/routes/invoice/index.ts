import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Invoice, invoiceSchema } from '#shared/contracts/registration.ts';
import { invoices, users } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { readEventDates } from '../../services/event-config.ts';
import { authOf } from '../../types.ts';

/** pdf-lib loads on the first PDF, not at server start (start-up budget). */
const loadPdfRenderer = () => import('../../services/invoice-pdf.ts').then((m) => m.renderInvoicePdf);

/** The invoice a credit note corrects. */
const corrected = alias(invoices, 'corrected');

/** The signed-in user's invoices and their PDFs; another user's invoice is a 404 like a missing one. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  // Prepared once: the list is on the offline cache's refresh path and has a latency budget.
  const invoiceList = db
    .select({
      id: invoices.id,
      number: invoices.number,
      kind: invoices.kind,
      issuedAt: invoices.issuedAt,
      lines: invoices.lines,
      net: invoices.net,
      vat: invoices.vat,
      gross: invoices.gross,
      status: invoices.status,
      corrects: corrected.number,
    })
    .from(invoices)
    .leftJoin(corrected, eq(corrected.id, invoices.correctsInvoiceId))
    .where(eq(invoices.userId, sql.placeholder('userId')))
    .orderBy(desc(invoices.issuedAt), desc(invoices.sequence))
    .prepare('invoice_list');

  app.get(
    '/',
    { onRequest: app.authenticate, schema: { tags: ['invoice'], response: { 200: z.array(invoiceSchema) } } },
    async (request): Promise<Invoice[]> => {
      const rows = await invoiceList.execute({ userId: authOf(request).userId });
      return rows.map(({ lines, corrects, ...row }) => {
        const items = lines.map((line) => line.description).join(', ');
        // A credit note cancels the invoice it corrects; an invoice that corrects one replaces it (VAT correction).
        const prefix = !corrects
          ? ''
          : row.kind === 'credit-note'
            ? `Cancellation of invoice ${corrects}: `
            : `Replaces invoice ${corrects}: `;
        return { ...row, issuedAt: row.issuedAt.toISOString(), description: prefix + items };
      });
    },
  );

  // A plain GET link works too: the auth plugin accepts the HttpOnly session cookie on safe methods.
  app.get(
    '/:id/pdf',
    { onRequest: app.authenticate, schema: { tags: ['invoice'], params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const [row] = await db
        .select({
          invoice: invoices,
          corrects: { number: corrected.number, issuedAt: corrected.issuedAt },
          language: users.language,
        })
        .from(invoices)
        .innerJoin(users, eq(users.id, invoices.userId))
        .leftJoin(corrected, eq(corrected.id, invoices.correctsInvoiceId))
        .where(and(eq(invoices.id, request.params.id), eq(invoices.userId, authOf(request).userId)))
        .limit(1);
      if (!row) throw notFound('Invoice');
      // In the holder's language as it is now (issue 16): German only, or German and English.
      const { invoice, corrects, language } = row;
      // A credit note of a VAT correction: the invoice without VAT that replaced the cancelled one
      // (a cancellation's credit note of the same invoice was refunded, not settled against it).
      const [replacement] =
        invoice.kind === 'credit-note' && invoice.correction === 'vat' && invoice.correctsInvoiceId
          ? await db
              .select({ number: invoices.number, gross: invoices.gross })
              .from(invoices)
              .where(and(eq(invoices.correctsInvoiceId, invoice.correctsInvoiceId), eq(invoices.kind, 'invoice')))
              .limit(1)
          : [];
      const dates = await readEventDates(db);
      const supply = { from: dates.startDate, to: dates.endDate };
      const pdf = await (await loadPdfRenderer())({ ...invoice, corrects, replacedBy: replacement ?? null, supply, language });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );
};
