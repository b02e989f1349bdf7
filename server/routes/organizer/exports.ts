import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attendeesExport, checkinsExport, exportFileName, ordersExport, sendCsv } from '../../services/organizer-exports.ts';
import { organizerHooks, recordExport } from './access.ts';

const CSV_NOTE =
  ' UTF-8 with a byte order mark, comma-separated (RFC 4180); text cells that start like a formula get a leading apostrophe.';

/**
 * GET /api/organizer/exports/*.csv: attendees, invoices and credit notes, check-ins, streamed as
 * attachments. A plain link downloads them: GET accepts the session cookie (server/plugins/auth.ts).
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/exports/attendees.csv',
    {
      onRequest: organizerHooks(app),
      schema: {
        tags: ['organizer'],
        description: `Every account with its pass (type, status, voucher), roles and lead team, as CSV (organizers).${CSV_NOTE}`,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const file = exportFileName('attendees');
      await recordExport(db, request, 'attendees', file);
      return sendCsv(reply, file, attendeesExport(db));
    },
  );

  app.get(
    '/exports/orders.csv',
    {
      onRequest: organizerHooks(app),
      schema: {
        tags: ['organizer'],
        description: `Invoices and credit notes for the accountant, in number order: number, date, kind, net, VAT rate, VAT, gross, reverse charge, buyer VAT ID with the date and reference of its VIES confirmation (under reverse charge); credit notes as negative lines (organizers).${CSV_NOTE}`,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const file = exportFileName('invoices');
      await recordExport(db, request, 'invoices', file);
      return sendCsv(reply, file, ordersExport(db));
    },
  );

  app.get(
    '/exports/checkins.csv',
    {
      onRequest: organizerHooks(app),
      schema: {
        tags: ['organizer'],
        description: `Every check-in of every list in scan order, duplicates marked, with device and staff (organizers).${CSV_NOTE}`,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const file = exportFileName('checkins');
      await recordExport(db, request, 'checkins', file);
      return sendCsv(reply, file, checkinsExport(db));
    },
  );
};
