import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead, LeadOp } from '#shared/contracts/leads.ts';
import type {
  LeadTeam,
  LeadTeamInvitation,
  LeadTeamMembership,
  ReceivedLeadTeamInvitation,
} from '#shared/contracts/organizer-admin.ts';
import { LEAD_SCANNER_PATH, VENDOR_TAG_ID } from '#shared/messages.ts';
import { auditLog, leadTeamInvitations, users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD, demoEmail, genericAttendeeEmail } from '../../db/seed/demo-accounts.ts';
import { hashPassword } from '../../services/accounts/password.ts';
import { badgeBook, badgeTestConfig } from '../../testing/lead.ts';
import { createTestApp } from '../../testing/test-app.ts';

/*
 * Exhibitor teams by invitation (docs/behaviour.md §12): an owner invites colleagues of the same company, the
 * vendor accepts signed in, and the team sees a member's leads only from the moment they joined.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;
let t: TestApp;
let organizer: Headers;
let owner: Headers;
let badge: ReturnType<typeof badgeBook>;
let team: LeadTeam;
/** The person the rival scanned, and the owner's own (seeded) leads. */
let rivalScanned: string;
let ownersOwn: (string | undefined)[];

const RIVAL = 'rival@rival-gmbh.example';
const RIVAL_NOTE = 'Rival secret: wants 40 % off';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const userByEmail = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

async function mailsTo(to: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return res.json() as { subject: string; text: string }[];
}

/** A vendor account of another company (or ours), signed in with the demo password. */
async function makeVendor(email: string, extra: Partial<typeof users.$inferInsert> = {}) {
  await t.database.db.insert(users).values({
    email,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    firstName: email.split('@')[0] ?? '',
    company: email.split('@')[1] ?? '',
    tagIds: [VENDOR_TAG_ID],
    emailConfirmedAt: new Date(),
    ...extra,
  });
}

async function upload(headers: Headers, ops: LeadOp[]) {
  const res = await call('POST', '/api/lead', headers, { ops });
  expect(res.statusCode, res.body).toBe(200);
}
/** A scan at a time (ISO), and optionally a note on it. */
async function scan(headers: Headers, attendee: number, at: string, notes?: string) {
  const { token } = await badge(genericAttendeeEmail(attendee));
  await upload(headers, [
    { id: randomUUID(), createdAt: at, token },
    ...(notes ? [{ id: randomUUID(), createdAt: at, token, notes }] : []),
  ]);
  return (await userByEmail(genericAttendeeEmail(attendee)))?.id as string;
}
async function activeList(headers: Headers) {
  const res = await call('GET', '/api/lead?active=true', headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Lead[];
}
const ids = (list: Lead[]) => list.map((lead) => lead.passiveUser?.uuid);
async function received(headers: Headers) {
  const res = await call('GET', '/api/lead/invitations', headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { invitations: ReceivedLeadTeamInvitation[] }).invitations;
}
async function invite(email: string, headers = owner) {
  return call('POST', '/api/lead/team/members', headers, { email });
}
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

beforeAll(async () => {
  t = await createTestApp(badgeTestConfig());
  organizer = await t.login(demoEmail('organizer'));
  badge = badgeBook(t);
  const created = await call('POST', '/api/organizer/lead-teams', organizer, {
    name: 'Vendor GmbH',
    ownerEmail: demoEmail('vendor'),
  });
  expect(created.statusCode, created.body).toBe(201);
  team = created.json() as LeadTeam;
  owner = await t.login(demoEmail('vendor'));
  // A rival company with its own team and leads with notes.
  await makeVendor(RIVAL);
  const rivalTeam = await call('POST', '/api/organizer/lead-teams', organizer, { name: 'Rival GmbH', ownerEmail: RIVAL });
  expect(rivalTeam.statusCode, rivalTeam.body).toBe(201);
  rivalScanned = await scan(await t.login(RIVAL), 20, ago(1), RIVAL_NOTE);
  ownersOwn = ids(await activeList(owner));
}, 60_000);
afterAll(async () => t?.close());

describe('inviting', () => {
  it('refuses another company with one 400 that tells nothing of accounts, and shares nothing', async () => {
    const existing = await invite(RIVAL);
    const unknown = await invite('nobody@rival-gmbh.example');
    expect(existing.statusCode, existing.body).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(existing.json()).toEqual(unknown.json());
    expect(existing.json()).toMatchObject({ errors: [{ path: 'email' }] });
    expect(await mailsTo(RIVAL)).toEqual([]);
    expect((await userByEmail(RIVAL))?.leadTeamId).not.toBe(team.id);
    // The rival's leads, notes and ratings never reach our list.
    const list = await activeList(owner);
    expect(JSON.stringify(list)).not.toContain(RIVAL_NOTE);
    expect(ids(list)).not.toContain(rivalScanned);
    expect(ids(list)).toEqual(ownersOwn);
  });

  it('refuses every address when the owner uses a free-mail provider', async () => {
    const freeMail = 'solo.trader@gmail.com';
    await makeVendor(freeMail, { permissionPaths: [LEAD_SCANNER_PATH] });
    expect((await call('POST', '/api/organizer/lead-teams', organizer, { name: 'Solo', ownerEmail: freeMail })).statusCode).toBe(
      201,
    );
    const res = await invite('other.trader@gmail.com', await t.login(freeMail));
    expect(res.statusCode).toBe(400);
    expect(await mailsTo('other.trader@gmail.com')).toEqual([]);
  });

  it('answers the same for an existing vendor, an unknown address and a non-vendor of the company, and mails each', async () => {
    await t.database.db
      .update(users)
      .set({ language: 'de' })
      .where(eq(users.email, demoEmail('vendor-vip')));
    const answers = [];
    for (const email of [demoEmail('vendor-vip'), 'newcomer@demo.cloudfest.example', demoEmail('attendee')]) {
      const res = await invite(email);
      answers.push({ status: res.statusCode, body: res.body });
      expect((await mailsTo(email)).length, email).toBe(1);
    }
    expect(answers[0]?.status).toBe(202);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    // In the account's language when there is one, else in the inviter's.
    expect((await mailsTo(demoEmail('vendor-vip')))[0]?.subject).toBe('Einladung in das Ausstellerteam „Vendor GmbH“');
    const [newcomer] = await mailsTo('newcomer@demo.cloudfest.example');
    expect(newcomer?.subject).toBe('Invitation to the exhibitor team "Vendor GmbH"');
    expect(newcomer?.text).toContain('/contacts?currentTab=team');
    // Nobody joined yet; the owner sees the pending invitations.
    expect((await userByEmail(demoEmail('vendor-vip')))?.leadTeamId).toBeNull();
    const pending = (await call('GET', '/api/lead/team/invitations', owner)).json() as { invitations: LeadTeamInvitation[] };
    expect(pending.invitations.map((i) => i.email).sort()).toEqual(
      [demoEmail('attendee'), demoEmail('vendor-vip'), 'newcomer@demo.cloudfest.example'].sort(),
    );
    // Asking again keeps one pending invitation.
    expect((await invite(demoEmail('vendor-vip'))).statusCode).toBe(202);
    const rows = await t.database.db
      .select()
      .from(leadTeamInvitations)
      .where(and(eq(leadTeamInvitations.email, demoEmail('vendor-vip')), eq(leadTeamInvitations.status, 'pending')));
    expect(rows).toHaveLength(1);
    const actions = (await t.database.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toContain('lead-team.invite');
  });

  it('lets only the owner invite and see the invitations', async () => {
    const attendee = await t.login(demoEmail('attendee'));
    expect((await invite(demoEmail('vendor-nopass'), attendee)).statusCode).toBe(403);
    expect((await call('GET', '/api/lead/invitations', attendee)).statusCode).toBe(403);
    expect((await call('GET', '/api/lead/invitations', {})).statusCode).toBe(401);
  });
});

describe('accepting and sharing', () => {
  let vip: Headers;
  let earlier: string;

  it('a vendor cannot answer an invitation addressed to someone else', async () => {
    const [invitation] = await t.database.db
      .select()
      .from(leadTeamInvitations)
      .where(eq(leadTeamInvitations.email, 'newcomer@demo.cloudfest.example'));
    const rival = await t.login(RIVAL);
    expect((await call('POST', `/api/lead/invitations/${invitation?.id}/accept`, rival)).statusCode).toBe(404);
    expect((await call('POST', `/api/lead/invitations/${invitation?.id}/decline`, rival)).statusCode).toBe(404);
    expect((await call('POST', `/api/lead/invitations/${randomUUID()}/accept`, rival)).statusCode).toBe(404);
  });

  it("after accepting, the team sees the member's new leads but not the earlier ones until they share them", async () => {
    // vendor-vip scans before it is a member (made a lead scanner for this).
    await t.database.db
      .update(users)
      .set({ permissionPaths: [LEAD_SCANNER_PATH] })
      .where(eq(users.email, demoEmail('vendor-vip')));
    t.app.sessions.userChanged((await userByEmail(demoEmail('vendor-vip'))) as typeof users.$inferSelect);
    vip = await t.login(demoEmail('vendor-vip'));
    earlier = await scan(vip, 21, ago(5), 'met before joining');

    const [invitation] = await received(vip);
    expect(invitation).toMatchObject({ teamId: team.id, teamName: 'Vendor GmbH', byOrganizer: false });
    const accepted = await call('POST', `/api/lead/invitations/${invitation?.id}/accept`, vip);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as LeadTeam).members.map((m) => m.email)).toContain(demoEmail('vendor-vip'));
    expect(await received(vip)).toEqual([]);
    const membership = (await call('GET', '/api/lead/team/membership', vip)).json() as LeadTeamMembership;
    expect(membership.sharesEarlier).toBe(false);
    expect(membership.joinedAt).not.toBeNull();

    const later = await scan(vip, 22, new Date().toISOString());
    const ownersList = ids(await activeList(owner));
    expect(ownersList).toContain(later);
    expect(ownersList).not.toContain(earlier);
    // Their own list shows both.
    expect(ids(await activeList(vip))).toEqual(expect.arrayContaining([earlier, later]));

    const share = await call('PUT', '/api/lead/team/share-earlier', vip, { sharesEarlier: true });
    expect(share.statusCode, share.body).toBe(200);
    expect(ids(await activeList(owner))).toContain(earlier);
    await call('PUT', '/api/lead/team/share-earlier', vip, { sharesEarlier: false });
    expect(ids(await activeList(owner))).not.toContain(earlier);
  });

  it('an organizer invites across companies; accepting waits until the vendor has left their team', async () => {
    // The rival team invites vip (organizer override), who is still in ours.
    const rivalTeamId = (await userByEmail(RIVAL))?.leadTeamId as string;
    expect(
      (await call('POST', `/api/organizer/lead-teams/${rivalTeamId}/members`, organizer, { email: demoEmail('vendor-vip') }))
        .statusCode,
    ).toBe(202);
    const fromRival = (await received(vip)).find((i) => i.teamId === rivalTeamId);
    expect(fromRival?.byOrganizer).toBe(true);
    expect((await call('POST', `/api/lead/invitations/${fromRival?.id}/accept`, vip)).statusCode).toBe(409);
    expect((await mailsTo(demoEmail('vendor-vip')))[0]?.subject).toBe('Einladung in das Ausstellerteam „Rival GmbH“');
  });

  it('a member leaves (the owner cannot); their leads leave the list and they may then accept elsewhere', async () => {
    expect((await call('POST', '/api/lead/team/leave', owner)).statusCode).toBe(409);
    const left = await call('POST', '/api/lead/team/leave', vip);
    expect(left.statusCode, left.body).toBe(200);
    expect((await userByEmail(demoEmail('vendor-vip')))?.leadTeamId).toBeNull();
    expect(ids(await activeList(owner))).toEqual(ownersOwn);
    // Organizer override across companies: the rival team's invitation can now be accepted.
    const rivalTeamId = (await userByEmail(RIVAL))?.leadTeamId as string;
    const fromRival = (await received(vip)).find((i) => i.teamId === rivalTeamId);
    const accepted = await call('POST', `/api/lead/invitations/${fromRival?.id}/accept`, vip);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(ids(await activeList(await t.login(RIVAL)))).not.toContain(earlier);
    const actions = (await t.database.db.select().from(auditLog)).map((row) => row.action);
    for (const action of ['lead-team.accept', 'lead-team.leave', 'lead-team.share-earlier']) expect(actions).toContain(action);
  });
});

describe('declining and withdrawing', () => {
  it('a vendor declines; the owner withdraws, after which the invitation cannot be accepted', async () => {
    await makeVendor('declines@demo.cloudfest.example');
    await makeVendor('withdrawn@demo.cloudfest.example');
    await invite('declines@demo.cloudfest.example');
    await invite('withdrawn@demo.cloudfest.example');

    const decliner = await t.login('declines@demo.cloudfest.example');
    const [declined] = await received(decliner);
    expect((await call('POST', `/api/lead/invitations/${declined?.id}/decline`, decliner)).statusCode).toBe(200);
    expect(await received(decliner)).toEqual([]);
    expect((await call('POST', `/api/lead/invitations/${declined?.id}/accept`, decliner)).statusCode).toBe(404);

    const list = (await call('GET', '/api/lead/team/invitations', owner)).json() as { invitations: LeadTeamInvitation[] };
    expect(list.invitations.map((i) => i.email)).not.toContain('declines@demo.cloudfest.example');
    const pending = list.invitations.find((i) => i.email === 'withdrawn@demo.cloudfest.example');
    const rival = await t.login(RIVAL);
    // Another team's owner cannot withdraw ours.
    expect((await call('DELETE', `/api/lead/team/invitations/${pending?.id}`, rival)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/lead/team/invitations/${pending?.id}`, owner)).statusCode).toBe(200);
    const withdrawnVendor = await t.login('withdrawn@demo.cloudfest.example');
    expect(await received(withdrawnVendor)).toEqual([]);
    expect((await call('POST', `/api/lead/invitations/${pending?.id}/accept`, withdrawnVendor)).statusCode).toBe(404);
    expect((await userByEmail('withdrawn@demo.cloudfest.example'))?.leadTeamId).toBeNull();
    const actions = (await t.database.db.select().from(auditLog)).map((row) => row.action);
    for (const action of ['lead-team.decline', 'lead-team.withdraw']) expect(actions).toContain(action);
  });
});
