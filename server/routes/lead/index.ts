import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Lead, leadOpsBodySchema, leadSchema } from '../../../src/shared/contracts/leads.ts';
import { syncResponseSchema } from '../../../src/shared/contracts/sync.ts';
import { leads, users } from '../../db/schema/index.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { applyClientOps } from '../../services/client-ops.ts';
import { authOf } from '../../types.ts';
import { isLeadScanner, NOT_LEAD_SCANNER, publicImageOf, signedInUserRow } from './access.ts';
import { applyLeadOps, LEAD_OP_KIND } from './apply.ts';

const person = {
  uuid: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  company: users.company,
  image: users.image,
};

const toPerson = (row: { uuid: string; firstName: string; lastName: string; company: string; image: string | null }) => ({
  ...row,
  image: publicImageOf(row.uuid, row.image),
});

/** Lead scanning (SPEC §6/§7): uploads from scanner devices and the active and passive lead lists. */
export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const verifier = app.badgeVerifier;

  app.get(
    '/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['lead'],
        description:
          'active=true: the people I scanned (passiveUser, with my notes, rating, tags and answers; lead scanners only, [] for others). active=false: the people who scanned me (activeUser). Newest first.',
        querystring: z.object({ active: z.enum(['true', 'false']) }),
        response: { 200: z.array(leadSchema) },
      },
    },
    async (request): Promise<Lead[]> => {
      const { userId } = authOf(request);
      if (request.query.active === 'true') {
        if (!isLeadScanner(await signedInUserRow(app, userId))) return [];
        const rows = await db
          .select({ lead: leads, person })
          .from(leads)
          .innerJoin(users, eq(users.id, leads.scannedUserId))
          .where(eq(leads.scannerUserId, userId))
          .orderBy(desc(leads.createdAt), desc(leads.id));
        return rows.map(({ lead, person: other }) => ({
          id: lead.id,
          createdAt: lead.createdAt.toISOString(),
          changedAt: lead.changedAt.toISOString(),
          scanCount: lead.scanCount,
          passiveUser: toPerson(other),
          notes: lead.notes,
          rating: lead.rating,
          tags: lead.tags,
          answers: Object.entries(lead.answers).map(([question, answer]) => ({ question, answer })),
        }));
      }
      const rows = await db
        .select({ id: leads.id, createdAt: leads.createdAt, changedAt: leads.changedAt, scanCount: leads.scanCount, person })
        .from(leads)
        .innerJoin(users, eq(users.id, leads.scannerUserId))
        .where(eq(leads.scannedUserId, userId))
        .orderBy(desc(leads.createdAt), desc(leads.id));
      // The scanner's notes, rating, tags and answers are theirs: never in the passive list.
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        changedAt: row.changedAt.toISOString(),
        scanCount: row.scanCount,
        activeUser: toPerson(row.person),
      }));
    },
  );

  app.post(
    '/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['lead'],
        description:
          'Uploads lead scans and edits made on a scanner device (lead scanners only); each op applied once by id, one result per op in order. Forged, unknown, revoked and own badges are rejected with a reason.',
        body: leadOpsBodySchema,
        response: { 200: syncResponseSchema },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      if (!isLeadScanner(await signedInUserRow(app, userId))) throw new HttpProblem(403, NOT_LEAD_SCANNER);
      const results = await applyClientOps(db, {
        userId,
        kind: LEAD_OP_KIND,
        ops: request.body.ops,
        apply: (tx, ops) => applyLeadOps(tx, userId, ops, verifier),
      });
      return { results };
    },
  );
};
