import { readFileSync } from 'node:fs';
import { eq, gt, max } from 'drizzle-orm';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadTeam, VoucherBatchCreated } from '#shared/contracts/organizer-admin.ts';
import type { OrganizerNews } from '#shared/contracts/organizer-content.ts';
import type { OrganizerCheckinList } from '#shared/contracts/organizer-event.ts';
import { FIXTURE_PATH } from '../../../tests/fixtures/make-pretalx-schedule.ts';
import { auditLog, passTypes, users } from '../../db/schema/index.ts';
import { demoEmail } from '../../db/seed/demo-accounts.ts';
import { createPeople, ORGANIZER } from '../../testing/organizer-people.ts';
import { createTestApp } from '../../testing/test-app.ts';

/*
 * The audit log records every organizer action (docs/behaviour.md §11): each /api/organizer call that changes
 * something, and each download of people's data, writes exactly one entry naming the organizer.
 * The walk fails when a new changing route is added without a step here, so a route cannot slip
 * out of the audit log unnoticed.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let organizer: Record<string, string>;
let organizerId: string;

beforeAll(async () => {
  t = await createTestApp({ ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000' });
  organizer = await t.login(ORGANIZER);
  const [me] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, ORGANIZER));
  organizerId = me?.id ?? '';
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const send = (method: Method, url: string, payload?: object | string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `/api/organizer${url}`,
    headers: { ...organizer, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

/** What the steps make and later steps act on. */
const made: { listId?: number; newsId?: number; batch?: VoucherBatchCreated; invitedId?: string; team?: LeadTeam } = {};
const userIdOf = async (email: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? '';

interface Step {
  /** The route as Fastify's route table names it. */
  route: string;
  action: string;
  run: () => Promise<LightMyRequestResponse>;
}

const personWith = async (options: Parameters<typeof createPeople>[2] = {}) => {
  const [person] = await createPeople(t.database.db, 1, options);
  if (!person) throw new Error('no person');
  return person;
};

const STEPS: Step[] = [
  {
    route: 'POST /api/organizer/approvals',
    action: 'pass.approve',
    run: async () => send('POST', '/approvals', { passIds: [(await personWith()).passId], decision: 'approve' }),
  },
  {
    route: 'POST /api/organizer/attendees/:userId/resend-confirmation',
    action: 'mail.resend-confirmation',
    run: async () => send('POST', `/attendees/${(await personWith({ confirmed: false })).userId}/resend-confirmation`),
  },
  {
    route: 'POST /api/organizer/attendees/:userId/reissue-barcode',
    action: 'barcode.reissue',
    run: async () => send('POST', `/attendees/${(await personWith({ status: 'approved' })).userId}/reissue-barcode`),
  },
  {
    route: 'POST /api/organizer/attendees/:userId/cancel-pass',
    action: 'pass.cancel',
    run: async () => send('POST', `/attendees/${(await personWith({ status: 'approved' })).userId}/cancel-pass`),
  },
  {
    route: 'POST /api/organizer/checkin-lists',
    action: 'checkin-list.create',
    run: async () => {
      const res = await send('POST', '/checkin-lists', { name: 'Audit walk door' });
      made.listId = (res.json() as OrganizerCheckinList).id;
      return res;
    },
  },
  {
    route: 'PATCH /api/organizer/checkin-lists/:id',
    action: 'checkin-list.update',
    run: () => send('PATCH', `/checkin-lists/${made.listId}`, { description: 'The side door.' }),
  },
  {
    route: 'POST /api/organizer/agenda/import',
    action: 'agenda.import',
    run: () => send('POST', '/agenda/import', JSON.parse(readFileSync(FIXTURE_PATH, 'utf8')) as object),
  },
  {
    route: 'POST /api/organizer/exhibitors/import',
    action: 'exhibitors.import',
    run: () =>
      send('POST', '/exhibitors/import', 'name,booth,hall,category\nAudit Walk AG,W-1,Hall 9,Hosting\n', {
        'content-type': 'text/csv',
      }),
  },
  {
    route: 'POST /api/organizer/news',
    action: 'news.create',
    run: async () => {
      const res = await send('POST', '/news', { title: 'Audit walk', body: 'Doors open at 9.' });
      made.newsId = (res.json() as OrganizerNews).id;
      return res;
    },
  },
  {
    route: 'PATCH /api/organizer/news/:id',
    action: 'news.edit',
    run: () => send('PATCH', `/news/${made.newsId}`, { body: 'At 8.' }),
  },
  {
    route: 'POST /api/organizer/news/:id/publish',
    action: 'news.publish',
    run: () => send('POST', `/news/${made.newsId}/publish`),
  },
  {
    route: 'POST /api/organizer/news/:id/unpublish',
    action: 'news.unpublish',
    run: () => send('POST', `/news/${made.newsId}/unpublish`),
  },
  { route: 'DELETE /api/organizer/news/:id', action: 'news.delete', run: () => send('DELETE', `/news/${made.newsId}`) },
  {
    route: 'POST /api/organizer/vouchers',
    action: 'voucher.create',
    run: async () => {
      const [type] = await t.database.db.select({ id: passTypes.id }).from(passTypes).where(eq(passTypes.name, 'Business Pass'));
      const res = await send('POST', '/vouchers', {
        passTypeId: type?.id,
        count: 2,
        usesPerCode: 1,
        validUntil: '2099-03-27T00:00:00Z',
        prefix: 'AUD',
        codeType: 'partner',
      });
      made.batch = res.json() as VoucherBatchCreated;
      return res;
    },
  },
  {
    route: 'POST /api/organizer/vouchers/:code/disable',
    action: 'voucher.disable',
    run: () => send('POST', `/vouchers/${made.batch?.codes[0]}/disable`),
  },
  {
    route: 'POST /api/organizer/vouchers/batches/:batch/disable',
    action: 'voucher.disable-batch',
    run: () => send('POST', `/vouchers/batches/${made.batch?.batch}/disable`),
  },
  {
    route: 'POST /api/organizer/team/invite',
    action: 'team.invite',
    run: async () => {
      const res = await send('POST', '/team/invite', { email: 'audit-walk@company.example', role: 'staff' });
      made.invitedId = await userIdOf('audit-walk@company.example');
      return res;
    },
  },
  {
    route: 'POST /api/organizer/team/:userId/remove-role',
    action: 'team.remove-role',
    run: () => send('POST', `/team/${made.invitedId}/remove-role`, { role: 'staff' }),
  },
  {
    route: 'POST /api/organizer/lead-teams',
    action: 'lead-team.create',
    run: async () => {
      const res = await send('POST', '/lead-teams', { name: 'Audit Walk GmbH', ownerEmail: demoEmail('vendor') });
      made.team = res.json() as LeadTeam;
      return res;
    },
  },
  {
    route: 'POST /api/organizer/lead-teams/:teamId/members',
    action: 'lead-team.invite',
    run: () => send('POST', `/lead-teams/${made.team?.id}/members`, { email: demoEmail('vendor-vip') }),
  },
  {
    route: 'POST /api/organizer/lead-teams/:teamId/owner',
    action: 'lead-team.set-owner',
    run: async () => {
      // The invited vendor's own acceptance is theirs to record (lead/team.test.ts): here they are simply a member.
      await t.database.db
        .update(users)
        .set({ leadTeamId: made.team?.id, leadTeamJoinedAt: new Date() })
        .where(eq(users.email, demoEmail('vendor-vip')));
      return send('POST', `/lead-teams/${made.team?.id}/owner`, { userId: await userIdOf(demoEmail('vendor-vip')) });
    },
  },
  {
    route: 'DELETE /api/organizer/lead-teams/:teamId/members/:userId',
    action: 'lead-team.remove-member',
    run: async () => send('DELETE', `/lead-teams/${made.team?.id}/members/${await userIdOf(demoEmail('vendor'))}`),
  },
  // Downloads of people's data (CSV files, badges) change nothing, but who took them is worth knowing.
  {
    route: 'GET /api/organizer/exports/attendees.csv',
    action: 'export.attendees',
    run: () => send('GET', '/exports/attendees.csv'),
  },
  { route: 'GET /api/organizer/exports/orders.csv', action: 'export.invoices', run: () => send('GET', '/exports/orders.csv') },
  {
    route: 'GET /api/organizer/exports/checkins.csv',
    action: 'export.checkins',
    run: () => send('GET', '/exports/checkins.csv'),
  },
  {
    route: 'GET /api/organizer/checkin-lists/:id/checkins.csv',
    action: 'export.checkins',
    run: () => send('GET', `/checkin-lists/${made.listId}/checkins.csv`),
  },
  {
    route: 'GET /api/organizer/badges.pdf',
    action: 'badge.print',
    run: async () => send('GET', `/badges.pdf?layout=a6&userId=${await userIdOf(demoEmail('attendee'))}`),
  },
  {
    // Not under /api/organizer, but the same people's data as badges.pdf: signed badges with names.
    route: 'GET /api/pass/badges',
    action: 'badge.print',
    run: () => t.app.inject({ method: 'GET', url: '/api/pass/badges?limit=500', headers: organizer }),
  },
  {
    route: 'GET /api/organizer/vouchers.csv',
    action: 'export.vouchers',
    run: () => send('GET', `/vouchers.csv?batch=${made.batch?.batch}`),
  },
];

const methodsOf = (route: RouteOptions) => [route.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
const organizerRoutes = () =>
  t.app.routeTable
    .filter((route) => route.url.startsWith('/api/organizer') || route.url === '/api/pass/badges')
    .flatMap((route) => methodsOf(route).map((method) => `${method} ${route.url}`));

describe('the audit log', () => {
  it('has a step for every organizer route that changes something, and every step names a route', () => {
    const routes = organizerRoutes();
    const changing = routes.filter((route) => !route.startsWith('GET '));
    expect(changing.length).toBeGreaterThan(15);
    const stepped = new Set(STEPS.map((step) => step.route));
    expect(changing.filter((route) => !stepped.has(route))).toEqual([]);
    expect([...stepped].filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('records each organizer action once, with the organizer as actor', async () => {
    const { db } = t.database;
    for (const step of STEPS) {
      const [{ last } = { last: 0 }] = await db.select({ last: max(auditLog.id) }).from(auditLog);
      const res = await step.run();
      expect({ route: step.route, status: res.statusCode }, res.body.slice(0, 300)).toEqual({
        route: step.route,
        status: expect.toSatisfy((status: number) => status >= 200 && status < 300),
      });
      const entries = await db
        .select({ action: auditLog.action, actor: auditLog.actorUserId })
        .from(auditLog)
        .where(gt(auditLog.id, last ?? 0));
      expect({ route: step.route, entries }).toEqual({
        route: step.route,
        entries: [{ action: step.action, actor: organizerId }],
      });
    }
  });
});
