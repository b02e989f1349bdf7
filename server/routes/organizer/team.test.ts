import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead, LeadOp } from '#shared/contracts/leads.ts';
import type { LeadTeam, TeamInviteResult, TeamList } from '#shared/contracts/organizer-admin.ts';
import type { SyncResponse } from '#shared/contracts/sync.ts';
import { auditLog, leads, users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD, demoEmail, genericAttendeeEmail } from '../../db/seed/demo-accounts.ts';
import { badgeBook, badgeTestConfig } from '../../testing/lead.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;
let t: TestApp;
let organizer: Headers;
let badge: ReturnType<typeof badgeBook>;

beforeAll(async () => {
  t = await createTestApp(badgeTestConfig());
  organizer = await t.login(demoEmail('organizer'));
  badge = badgeBook(t);
}, 60_000);
afterAll(async () => t?.close());

const STRONG = 'Kangaroo-Tuesday-88!';
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function mailsTo(to: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return res.json() as { subject: string; text: string }[];
}
const userByEmail = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('staff and organizers', () => {
  it('lists the staff and organizers', async () => {
    const res = await call('GET', '/api/organizer/team', organizer);
    expect(res.statusCode).toBe(200);
    const { members } = res.json() as TeamList;
    expect(members).toContainEqual(expect.objectContaining({ email: demoEmail('staff'), roles: ['staff'], active: true }));
    expect(members).toContainEqual(expect.objectContaining({ email: demoEmail('organizer'), roles: ['organizer'] }));
    expect(members.map((m) => m.email)).not.toContain(demoEmail('attendee'));
  });

  it('gives an existing account a role and mails them; asking twice changes nothing more', async () => {
    const email = demoEmail('attendee');
    const res = await call('POST', '/api/organizer/team/invite', organizer, { email: ` ${email.toUpperCase()} `, role: 'staff' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: false, member: { email, roles: ['staff'], active: true } });
    expect((await userByEmail(email))?.scopes).toContain('staff');
    expect((await mailsTo(email))[0]?.subject).toBe('Your CloudFest 2026 account has a new role');
    // The attendee's own session sees the new scope at once: the staff-only pass check answers.
    const attendee = await t.login(email);
    expect((await call('GET', '/api/checkin/lists', attendee)).statusCode).not.toBe(403);

    await call('POST', '/api/organizer/team/invite', organizer, { email, role: 'staff' });
    expect((await userByEmail(email))?.scopes.filter((s) => s === 'staff')).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('creates an account without a password for an unknown address; the mailed link sets one', async () => {
    const email = 'new.helper@crew.example';
    const res = await call('POST', '/api/organizer/team/invite', organizer, { email, role: 'organizer' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as TeamInviteResult;
    expect(body).toMatchObject({ created: true, member: { email, roles: ['organizer'], active: false } });
    // No password works before the link is used.
    for (const password of ['', '!invited', DEMO_PASSWORD]) {
      const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
      expect(login.statusCode).not.toBe(200);
    }
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('You are invited to the CloudFest 2026 team');
    const token = mail?.text.match(/\/sign-in\/changepassword\/(\S+)/)?.[1];
    expect(token).toBeTruthy();
    const reset = await t.app.inject({ method: 'POST', url: '/api/user/password/reset', payload: { token, password: STRONG } });
    expect(reset.statusCode, reset.body).toBe(200);
    const helper = await t.login(email, STRONG);
    expect((await call('GET', '/api/organizer/team', helper)).statusCode).toBe(200);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectUserId, body.member.userId));
    expect(audit.map((row) => row.action)).toEqual(['team.invite']);
  });

  it('takes a role away, but not your own organizer role', async () => {
    const staff = await userByEmail(demoEmail('staff'));
    const res = await call('POST', `/api/organizer/team/${staff?.id}/remove-role`, organizer, { role: 'staff' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ roles: [] });
    expect((await call('GET', '/api/checkin/lists', await t.login(demoEmail('staff')))).statusCode).toBe(403);
    const me = await userByEmail(demoEmail('organizer'));
    expect((await call('POST', `/api/organizer/team/${me?.id}/remove-role`, organizer, { role: 'organizer' })).statusCode).toBe(
      409,
    );
    expect(
      (await call('POST', '/api/organizer/team/00000000-0000-4000-8000-000000000000/remove-role', organizer, { role: 'staff' }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    for (const payload of [
      { email: 'not-an-address', role: 'staff' },
      { email: 'a@b.example', role: 'admin' },
      { email: 'a@b.example' },
      { email: `${'x'.repeat(250)}@b.example`, role: 'staff' },
    ]) {
      expect((await call('POST', '/api/organizer/team/invite', organizer, payload)).statusCode).toBe(400);
    }
    expect((await call('POST', '/api/organizer/team/nope/remove-role', organizer, { role: 'staff' })).statusCode).toBe(400);
  });
});

describe('exhibitor teams', () => {
  // Scans from now on: the team sees a member's scans made since they joined (docs/behaviour.md §12).
  const at = (second: number) => new Date(Date.now() + second * 1000).toISOString();
  const scan = (token: string, minute: number): LeadOp => ({ id: randomUUID(), createdAt: at(minute), token });
  async function upload(headers: Headers, ops: LeadOp[]) {
    const res = await call('POST', '/api/lead', headers, { ops });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SyncResponse).results.map((r) => r.status);
  }
  async function activeList(headers: Headers) {
    const res = await call('GET', '/api/lead?active=true', headers);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Lead[]).map((lead) => lead.passiveUser?.uuid);
  }
  let team: LeadTeam;

  it('an organizer creates a team for a vendor, who owns it and becomes its first member', async () => {
    const bad = await call('POST', '/api/organizer/lead-teams', organizer, { name: 'Acme', ownerEmail: demoEmail('attendee') });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call('POST', '/api/organizer/lead-teams', organizer, { name: ' ', ownerEmail: demoEmail('vendor') })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/organizer/lead-teams', organizer, { name: 'A\nB', ownerEmail: demoEmail('vendor') })).statusCode,
    ).toBe(400);
    const res = await call('POST', '/api/organizer/lead-teams', organizer, {
      name: 'Vendor GmbH',
      ownerEmail: demoEmail('vendor'),
    });
    expect(res.statusCode, res.body).toBe(201);
    team = res.json() as LeadTeam;
    const vendor = await userByEmail(demoEmail('vendor'));
    expect(team).toMatchObject({
      name: 'Vendor GmbH',
      ownerUserId: vendor?.id,
      members: [{ email: demoEmail('vendor'), isOwner: true }],
    });
    // A member of one team cannot own or join another.
    const again = await call('POST', '/api/organizer/lead-teams', organizer, { name: 'Other', ownerEmail: demoEmail('vendor') });
    expect(again.statusCode).toBe(409);
  });

  it('the owner (not an organizer) invites a colleague, who joins by accepting and becomes a lead scanner; members cannot manage', async () => {
    const owner = await t.login(demoEmail('vendor'));
    expect((await call('GET', '/api/lead/team', owner)).json()).toMatchObject({ id: team.id });
    // Another company's address is refused; a bad address too.
    expect((await call('POST', '/api/lead/team/members', owner, { email: 'nobody@nowhere.example' })).statusCode).toBe(400);
    expect((await call('POST', '/api/lead/team/members', owner, { email: 'bad' })).statusCode).toBe(400);
    const invited = await call('POST', '/api/lead/team/members', owner, { email: demoEmail('vendor-vip') });
    expect(invited.statusCode, invited.body).toBe(202);
    const colleague = await t.login(demoEmail('vendor-vip'));
    const { invitations } = (await call('GET', '/api/lead/invitations', colleague)).json() as { invitations: { id: string }[] };
    const res = await call('POST', `/api/lead/invitations/${invitations[0]?.id}/accept`, colleague);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as LeadTeam).members.map((m) => m.email).sort()).toEqual(
      [demoEmail('vendor'), demoEmail('vendor-vip')].sort(),
    );
    expect((await userByEmail(demoEmail('vendor-vip')))?.permissionPaths).toContain('/contacts');

    expect((await call('GET', '/api/lead/team', colleague)).statusCode).toBe(200);
    expect((await call('POST', '/api/lead/team/members', colleague, { email: demoEmail('vendor-nopass') })).statusCode).toBe(403);
    const vendor = await userByEmail(demoEmail('vendor'));
    expect((await call('DELETE', `/api/lead/team/members/${vendor?.id}`, colleague)).statusCode).toBe(403);
    // Not lead scanners and scanners without a team.
    expect((await call('GET', '/api/lead/team', await t.login(demoEmail('attendee')))).statusCode).toBe(403);
    expect((await call('GET', '/api/lead/team', {})).statusCode).toBe(401);
  });

  it("shares the lead list: each member sees every member's scans, while each upload is applied once for its scanner", async () => {
    const owner = await t.login(demoEmail('vendor'));
    const colleague = await t.login(demoEmail('vendor-vip'));
    const [a, b] = [await badge(genericAttendeeEmail(30)), await badge(genericAttendeeEmail(31))];
    const [personA, personB] = [await userByEmail(genericAttendeeEmail(30)), await userByEmail(genericAttendeeEmail(31))];
    const ownerScan = scan(a.token, 1);
    const colleagueScan = scan(b.token, 2);
    expect(await upload(owner, [ownerScan])).toEqual(['created']);
    expect(await upload(colleague, [colleagueScan])).toEqual(['created']);
    // The same ops again (a device retrying): duplicates, nothing new.
    expect(await upload(owner, [ownerScan])).toEqual(['duplicate']);
    expect(await upload(colleague, [colleagueScan])).toEqual(['duplicate']);

    for (const headers of [owner, colleague]) {
      const seen = await activeList(headers);
      expect(seen).toContain(personA?.id);
      expect(seen).toContain(personB?.id);
    }
    // Each lead stays the scanner's own row.
    const rows = await t.database.db
      .select()
      .from(leads)
      .where(eq(leads.scannedUserId, personB?.id as string));
    const vip = await userByEmail(demoEmail('vendor-vip'));
    expect(rows.map((row) => row.scannerUserId)).toEqual([vip?.id]);
    // Someone outside the team sees none of it.
    const outsider = await t.login(demoEmail('vendor-nopass'));
    await t.database.db
      .update(users)
      .set({ permissionPaths: ['/contacts'] })
      .where(eq(users.email, demoEmail('vendor-nopass')));
    t.app.sessions.setEnabled(false);
    t.app.sessions.setEnabled(true);
    expect(await activeList(outsider)).toEqual([]);

    // Removed from the team, the colleague sees only their own scans again.
    const removed = await call('DELETE', `/api/lead/team/members/${vip?.id}`, owner);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await activeList(colleague)).toEqual([personB?.id]);
    const ownersNow = await activeList(owner);
    expect(ownersNow).toContain(personA?.id);
    expect(ownersNow).not.toContain(personB?.id);
  });

  it('an organizer invites (from any company), removes members and hands the team to another owner', async () => {
    const vip = await userByEmail(demoEmail('vendor-vip'));
    const vendor = await userByEmail(demoEmail('vendor'));
    const base = `/api/organizer/lead-teams/${team.id}`;
    expect((await call('POST', `${base}/members`, organizer, { email: 'partner@elsewhere.example' })).statusCode).toBe(202);
    expect((await mailsTo('partner@elsewhere.example'))[0]?.subject).toBe('Invitation to the exhibitor team "Vendor GmbH"');
    expect((await call('POST', `${base}/members`, organizer, { email: demoEmail('vendor-vip') })).statusCode).toBe(202);
    const colleague = await t.login(demoEmail('vendor-vip'));
    const { invitations } = (await call('GET', '/api/lead/invitations', colleague)).json() as { invitations: { id: string }[] };
    expect((await call('POST', `/api/lead/invitations/${invitations[0]?.id}/accept`, colleague)).statusCode).toBe(200);
    expect((await call('POST', `${base}/owner`, organizer, { userId: vip?.id })).json()).toMatchObject({ ownerUserId: vip?.id });
    // The old owner can no longer manage; the new one can.
    const oldOwner = await t.login(demoEmail('vendor'));
    expect((await call('DELETE', `/api/lead/team/members/${vip?.id}`, oldOwner)).statusCode).toBe(403);
    expect((await call('DELETE', `${base}/members/${vip?.id}`, organizer)).statusCode).toBe(409);
    const res = await call('DELETE', `${base}/members/${vendor?.id}`, organizer);
    expect(res.statusCode).toBe(200);
    expect((res.json() as LeadTeam).members.map((m) => m.email)).toEqual([demoEmail('vendor-vip')]);
    expect((await call('DELETE', `${base}/members/${vendor?.id}`, organizer)).statusCode).toBe(404);
    expect((await call('POST', `${base}/owner`, organizer, { userId: vendor?.id })).statusCode).toBe(400);
    expect(
      (
        await call('POST', '/api/organizer/lead-teams/00000000-0000-4000-8000-000000000000/members', organizer, {
          email: demoEmail('vendor'),
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/organizer/lead-teams/nope/owner', organizer, { userId: vendor?.id })).statusCode).toBe(400);

    const list = (await call('GET', '/api/organizer/lead-teams', organizer)).json() as { teams: LeadTeam[] };
    expect(list.teams.find((entry) => entry.id === team.id)?.ownerUserId).toBe(vip?.id);
    const actions = (await t.database.db.select().from(auditLog)).map((row) => row.action);
    for (const action of [
      'lead-team.create',
      'lead-team.invite',
      'lead-team.accept',
      'lead-team.remove-member',
      'lead-team.set-owner',
    ]) {
      expect(actions).toContain(action);
    }
  });
});
