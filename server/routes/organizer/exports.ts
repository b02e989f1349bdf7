import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkPeriod, type Period, type PeriodError } from '#shared/export-period.ts';
import { fieldProblem } from '../../plugins/errors.ts';
import { archiveStem, invoiceArchive } from '../../services/invoices/invoice-archive.ts';
import {
  attendeesExport,
  CSV_FORMATS,
  checkinsExport,
  exportFileName,
  ordersExport,
  sendCsv,
} from '../../services/organizer/csv-exports.ts';
import { recordExport } from './actor.ts';

const CSV_NOTE =
  ' UTF-8 with a byte order mark; `format=standard` (the default) is comma-separated with decimal points (RFC 4180), `format=excel-de` semicolon-separated with decimal commas for German Excel; text cells that start like a formula get a leading apostrophe.';

const csvQuery = z.object({ format: z.enum(CSV_FORMATS).default('standard') });

const periodFields = {
  from: z.string().describe('First venue day (Europe/Berlin) of the period, YYYY-MM-DD.'),
  to: z.string().describe('Last venue day of the period, YYYY-MM-DD; at most a year after `from`, less a day.'),
};

const PERIOD_PROBLEMS = {
  invalidDate: 'export.invalidDate',
  reversed: 'export.periodReversed',
  tooLong: 'export.periodTooLong',
} as const satisfies Record<PeriodError, string>;

/** The period of the query, or a 400 naming the field: not a real day, ending before it starts, or a year or longer. */
function periodOf(from: string, to: string): Period {
  const checked = checkPeriod(from, to);
  if ('error' in checked) throw fieldProblem(checked.field, { key: PERIOD_PROBLEMS[checked.error], values: {} });
  return checked;
}

/**
 * GET /api/organizer/exports/*: attendees, invoices and credit notes, check-ins as CSV, and the
 * accountant's ZIP of a period's invoice files, streamed as attachments. A plain link downloads
 * them: GET accepts the session cookie (server/plugins/auth.ts).
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/exports/attendees.csv',
    {
      schema: {
        tags: ['organizer'],
        description: `Every account with its pass (type, status, voucher), roles and lead team, as CSV (organizers).${CSV_NOTE}`,
        querystring: csvQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const file = exportFileName('attendees');
      await recordExport(db, request, 'attendees', file);
      return sendCsv(reply, file, attendeesExport(db), request.query.format);
    },
  );

  app.get(
    '/exports/orders.csv',
    {
      schema: {
        tags: ['organizer'],
        description: `Invoices and credit notes for the accountant, in number order: number, date, kind, net and VAT per rate (a pair of columns for each rate of the tax rules and any other rate present), net, VAT and gross, buyer; credit notes as negative lines. With \`from\` and \`to\` only those issued in that period (organizers).${CSV_NOTE}`,
        querystring: csvQuery.extend({ from: periodFields.from.optional(), to: periodFields.to.optional() }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      if ((from === undefined) !== (to === undefined))
        throw fieldProblem(from === undefined ? 'from' : 'to', { key: 'export.invalidDate', values: {} });
      const period = from !== undefined && to !== undefined ? periodOf(from, to) : undefined;
      const file = period ? `${archiveStem(period)}.csv` : exportFileName('invoices');
      await recordExport(db, request, 'invoices', file, period ?? {});
      return sendCsv(reply, file, await ordersExport(db, period), format);
    },
  );

  app.get(
    '/exports/invoices.zip',
    {
      schema: {
        tags: ['organizer'],
        description:
          'For the accountant: every invoice and credit note issued in the period (venue days, at most a year), each as its ZUGFeRD / Factur-X PDF and its CII XML named by its number, and the invoices CSV of the period (standard format), as one ZIP, streamed (organizers).',
        querystring: z.object(periodFields),
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const period = periodOf(request.query.from, request.query.to);
      const file = `${archiveStem(period)}.zip`;
      await recordExport(db, request, 'invoice-files', file, period);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${file}"`)
        .header('cache-control', 'no-store')
        .send(invoiceArchive(db, app.config, period, request.log));
    },
  );

  app.get(
    '/exports/checkins.csv',
    {
      schema: {
        tags: ['organizer'],
        description: `Every check-in of every list in scan order, duplicates marked, with device and staff (organizers).${CSV_NOTE}`,
        querystring: csvQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const file = exportFileName('checkins');
      await recordExport(db, request, 'checkins', file);
      return sendCsv(reply, file, checkinsExport(db), request.query.format);
    },
  );
};
