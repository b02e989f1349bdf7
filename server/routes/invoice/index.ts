import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Invoice, invoiceSchema } from '#shared/contracts/registration.ts';
import { invoices } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
// invoice-files loads pdf-lib and the e-invoice library on the first file, not at server start (start-up budget).
import { issuedFiles } from '../../services/invoices/invoice-files.ts';
import { authOf } from '../../types.ts';

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

  /** The user's invoice or credit note as issued, or 404 (another user's invoice is as missing as an unknown one). */
  const ownFiles = async (id: string, userId: string) => {
    const files = await issuedFiles(db, app.config, id, userId);
    if (!files) throw notFound('Invoice');
    return files;
  };
  const params = z.object({ id: z.uuid() });

  // A plain GET link works too: the auth plugin accepts the HttpOnly session cookie on safe methods.
  // The hybrid ZUGFeRD / Factur-X PDF: what a person reads, with the EN 16931 XML embedded.
  app.get('/:id/pdf', { onRequest: app.authenticate, schema: { tags: ['invoice'], params } }, async (request, reply) => {
    const files = await ownFiles(request.params.id, authOf(request).userId);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${files.number}.pdf"`)
      .send(files.pdf);
  });

  // The same EN 16931 XML alone (UN/CEFACT CII), for software that imports the XML only.
  app.get('/:id/xml', { onRequest: app.authenticate, schema: { tags: ['invoice'], params } }, async (request, reply) => {
    const files = await ownFiles(request.params.id, authOf(request).userId);
    return reply
      .type('application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${files.number}.xml"`)
      .send(files.xml);
  });
};
