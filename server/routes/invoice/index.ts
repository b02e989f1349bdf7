import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Invoice, invoiceSchema } from '../../../src/shared/contracts/registration.ts';
import { invoices } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { readEventDates } from '../../services/event-config.ts';
import { authOf } from '../../types.ts';

/** pdf-lib loads on the first PDF, not at server start (start-up budget). */
const loadPdfRenderer = () => import('../../services/invoice-pdf.ts').then((m) => m.renderInvoicePdf);

/** The signed-in user's invoices and their PDFs; another user's invoice is a 404 like a missing one. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/',
    { preHandler: app.authenticate, schema: { tags: ['invoice'], response: { 200: z.array(invoiceSchema) } } },
    async (request): Promise<Invoice[]> => {
      const rows = await db
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
        })
        .from(invoices)
        .where(eq(invoices.userId, authOf(request).userId))
        .orderBy(desc(invoices.issuedAt));
      return rows.map(({ lines, ...row }) => ({
        ...row,
        issuedAt: row.issuedAt.toISOString(),
        description: lines.map((line) => line.description).join(', '),
      }));
    },
  );

  // A plain GET link works too: the auth plugin accepts the HttpOnly session cookie on safe methods.
  app.get(
    '/:id/pdf',
    { preHandler: app.authenticate, schema: { tags: ['invoice'], params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const [invoice] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, request.params.id), eq(invoices.userId, authOf(request).userId)))
        .limit(1);
      if (!invoice) throw notFound('Invoice');
      const dates = await readEventDates(db);
      const supply = { from: dates.startDate, to: dates.endDate };
      const pdf = await (await loadPdfRenderer())({ ...invoice, supply });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );
};
