import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LeadChanges, type LeadOp, OWN_BADGE } from '#shared/contracts/leads.ts';
import type { SyncResponse } from '#shared/contracts/sync.ts';
import { leads, leadTeams, passes, users } from '../../db/schema/index.ts';
import { currentBarcode, revokeCurrentBarcode } from '../../services/passes/pass-barcodes.ts';
import { applyClientOps } from '../../services/sync/client-ops.ts';
import {
  type BadgedPerson,
  badgesOf,
  badgeTestConfig,
  changesSettled,
  drainPages,
  insertBadgedPeople,
  type TestApp,
  whileBusy,
} from '../../testing/lead.ts';
import { signedInUser } from '../../testing/purchases.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { applyLeadOps, LEAD_OP_KIND, NOT_ON_LIST } from './apply.ts';

/*
 * A scanner device downloads its lead list as changes (GET /api/lead/changes): the whole
 * list on the first sync, paged; afterwards only what changed, and a start-over when leads left it.
 */

type Headers = Record<string, string>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(badgeTestConfig());
}, 60_000);
afterAll(async () => t?.close());

const at = (second: number) => new Date(Date.UTC(2026, 2, 24, 10, 0, second)).toISOString();

async function changes(headers: Headers, query = '') {
  const res = await whileBusy(
    () => t.app.inject({ method: 'GET', url: `/api/lead/changes${query}`, headers }),
    (answer) => answer.statusCode === 503,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json() as LeadChanges, bytes: Buffer.byteLength(res.body) };
}

/**
 * What a device does: pages from its cursor until complete; the leads received and the new cursor.
 * `expected`: keep asking until that many came (on PostgreSQL a transaction in another database of
 * the cluster can hold the newest rows back for a moment).
 */
async function sync(headers: Headers, cursor?: string, writesDone?: () => boolean, expected = 0, limit = 1000) {
  // Not while uploads still run: the download is meant to page alongside them.
  if (!writesDone) await changesSettled(t.database.db);
  const received: LeadChanges['leads'] = [];
  let reset = false;
  const drained = await drainPages(
    async (next) => {
      const { body, bytes } = await changes(headers, `?limit=${limit}${next ? `&cursor=${next}` : ''}`);
      if (body.reset) {
        reset = true;
        received.length = 0;
      }
      received.push(...body.leads);
      return { ids: body.leads.map((lead) => lead.id), cursor: body.cursor, complete: body.complete, bytes };
    },
    writesDone,
    cursor,
    () => received.length >= expected,
  );
  return { ...drained, leads: received, reset, cursor: drained.cursor ?? '' };
}

/** A lead scanner with a bearer token (and an approved pass of their own). */
async function newScanner() {
  const scanner = await signedInUser(t.database.db);
  await t.database.db
    .update(users)
    .set({ permissionPaths: ['/contacts'] })
    .where(eq(users.id, scanner.user.id));
  return scanner;
}

/** An exhibitor team of these members, who joined an hour ago and share their earlier scans. */
async function team(memberIds: string[], sharesEarlier = true) {
  const [created] = await t.database.db
    .insert(leadTeams)
    .values({ name: `Team ${randomUUID()}` })
    .returning();
  await t.database.db
    .update(users)
    .set({
      leadTeamId: created?.id ?? null,
      leadTeamJoinedAt: new Date(Date.now() - 3_600_000),
      leadTeamSharesEarlier: sharesEarlier,
      permissionPaths: ['/contacts'],
    })
    .where(inArray(users.id, memberIds));
  return created?.id ?? '';
}

/** Uploads as the scanner's device does, through the apply service (one transaction per upload). */
async function uploadAs(scannerId: string, ops: LeadOp[]) {
  return whileBusy(() =>
    applyClientOps(t.database.db, {
      userId: scannerId,
      kind: LEAD_OP_KIND,
      ops,
      apply: (tx, batch) => applyLeadOps(tx, scannerId, batch, t.app.badgeVerifier),
    }),
  );
}

async function upload(headers: Headers, ops: LeadOp[]) {
  const res = await t.app.inject({ method: 'POST', url: '/api/lead', headers, payload: { ops } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SyncResponse).results;
}

const scanOf = (token: string, second = 0): LeadOp => ({ id: randomUUID(), createdAt: at(second), token });

/** `count` leads of one scanner written straight into the table (the download is what is tested). */
async function insertLeads(scannerId: string, people: readonly BadgedPerson[]) {
  for (let from = 0; from < people.length; from += 1000) {
    await t.database.db.insert(leads).values(
      people.slice(from, from + 1000).map((person, i) => ({
        scannerUserId: scannerId,
        scannedUserId: person.userId,
        barcodeId: person.barcodeId,
        notes: `Met at booth ${from + i}: interested in managed Kubernetes, call back after the event`,
        rating: (from + i) % 6,
        tags: ['hot', 'kubernetes'],
        answers: { 'Decision maker?': 'Yes', 'Budget this year?': '€5–20k' },
        createdAt: new Date(Date.UTC(2026, 2, 24, 9, 0, 0, from + i)),
        changedAt: new Date(Date.UTC(2026, 2, 24, 9, 0, 0, from + i)),
      })),
    );
  }
}

describe('GET /api/lead/changes: who and what', () => {
  it('needs a sign-in and refuses a cursor it did not hand out with a 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/lead/changes' })).statusCode).toBe(401);
    const scanner = await newScanner();
    for (const query of ['?cursor=x', `?cursor=1.${randomUUID()}.bad!view`, '?limit=0', '?limit=1001']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/lead/changes${query}`, headers: scanner.headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('gives users who are no lead scanners an empty list, and a start-over once they become one', async () => {
    const attendee = await signedInUser(t.database.db);
    const first = await changes(attendee.headers);
    expect(first.body).toMatchObject({ leads: [], complete: true, reset: true });
    expect((await changes(attendee.headers, `?cursor=${first.body.cursor}`)).body).toEqual({ ...first.body, reset: false });
    await t.database.db
      .update(users)
      .set({ permissionPaths: ['/contacts'] })
      .where(eq(users.id, attendee.user.id));
    expect((await changes(attendee.headers, `?cursor=${first.body.cursor}`)).body).toMatchObject({ reset: true });
  });

  it('sends a lead again when it is edited, its person renamed or its badge replaced; nothing else', async () => {
    const scanner = await newScanner();
    const [ada, bob] = await insertBadgedPeople(t.database.db, 2);
    const [adaToken, bobToken] = await badgesOf(t, [ada as BadgedPerson, bob as BadgedPerson]);
    await upload(scanner.headers, [scanOf(adaToken ?? ''), scanOf(bobToken ?? '')]);
    const { cursor, leads: all } = await sync(scanner.headers, undefined, undefined, 2);
    expect(all.map((lead) => lead.passiveUser?.uuid).sort()).toEqual([ada?.userId, bob?.userId].sort());
    expect(all[0]).not.toHaveProperty('token');

    await upload(scanner.headers, [{ ...scanOf(adaToken ?? '', 5), notes: 'call back' }]);
    const edited = await sync(scanner.headers, cursor, undefined, 1);
    expect(edited.leads.map((lead) => [lead.passiveUser?.uuid, lead.notes])).toEqual([[ada?.userId, 'call back']]);

    // A login or a new password does not move anyone's leads; a new name does.
    await t.database.db
      .update(users)
      .set({ failedLogins: 1 })
      .where(eq(users.id, bob?.userId ?? ''));
    expect((await sync(scanner.headers, edited.cursor)).leads).toEqual([]);
    await t.database.db
      .update(users)
      .set({ company: 'Renamed AG' })
      .where(eq(users.id, bob?.userId ?? ''));
    const renamed = await sync(scanner.headers, edited.cursor, undefined, 1);
    expect(renamed.leads.map((lead) => lead.passiveUser?.company)).toEqual(['Renamed AG']);

    // An upgrade revokes the barcode the lead names: its new pass type comes along.
    await t.database.db
      .update(passes)
      .set({
        passTypeId: (
          await t.database.db.query.passTypes.findFirst({ where: (type, { eq: is }) => is(type.name, 'Premium Pass') })
        )?.id,
      })
      .where(eq(passes.id, ada?.passId ?? ''));
    await revokeCurrentBarcode(t.database.db, ada?.passId ?? '', 'upgraded');
    const upgraded = await sync(scanner.headers, renamed.cursor, undefined, 1);
    expect(upgraded.leads.map((lead) => [lead.passiveUser?.uuid, lead.passType])).toEqual([[ada?.userId, 'Premium Pass']]);
    expect(upgraded.reset).toBe(false);
  });
});

describe('GET /api/lead/changes: a team', () => {
  it('gives a member paging by 1,000 all 5,000 leads of 20 members scanning at once exactly once, also while they arrive', async () => {
    const reader = await newScanner();
    const members = await insertBadgedPeople(t.database.db, 20);
    await team([reader.user.id, ...members.map((member) => member.userId)]);
    const people = await insertBadgedPeople(t.database.db, 250);
    const tokens = await badgesOf(t, people);
    const start = await sync(reader.headers);
    expect(start.leads).toEqual([]);

    let done = 0;
    const writing = Promise.all(
      members.map(async (member) => {
        const results = await uploadAs(
          member.userId,
          tokens.map((token, i) => scanOf(token, i % 60)),
        );
        // Created, or (a retry of an upload that did commit) duplicate.
        expect(results.every((result) => result.status === 'created' || result.status === 'duplicate')).toBe(true);
        done++;
      }),
    );
    const received = await sync(reader.headers, start.cursor, () => done === members.length, 5000);
    await writing;

    const stored = await t.database.db
      .select({ id: leads.id })
      .from(leads)
      .where(
        inArray(
          leads.scannerUserId,
          members.map((member) => member.userId),
        ),
      );
    expect(stored).toHaveLength(5000);
    expect(received.ids).toHaveLength(5000);
    expect(new Set(received.ids)).toEqual(new Set(stored.map((row) => row.id)));
    expect(received.pages).toBeGreaterThanOrEqual(5);
    expect(received.reset).toBe(false);
    // From the start once all is written: the same leads in the same (change) order.
    expect((await sync(reader.headers, undefined, undefined, 5000)).ids).toEqual(received.ids);
  }, 180_000);

  it('starts over without the leads that left: a member who left, a deleted lead; and with those who joined', async () => {
    const scanner = await newScanner();
    const [mate, other, newcomer] = await insertBadgedPeople(t.database.db, 3);
    const teamId = await team([scanner.user.id, mate?.userId ?? '']);
    const people = await insertBadgedPeople(t.database.db, 4);
    await insertLeads(mate?.userId ?? '', people.slice(0, 2));
    await insertLeads(scanner.user.id, people.slice(2, 3));
    await insertLeads(newcomer?.userId ?? '', people.slice(3));
    const scannedBy = (list: LeadChanges['leads']) => list.map((lead) => lead.passiveUser?.uuid).sort();
    const first = await sync(scanner.headers, undefined, undefined, 3);
    expect(scannedBy(first.leads)).toEqual(
      people
        .slice(0, 3)
        .map((person) => person.userId)
        .sort(),
    );

    // Nothing changed: no start-over.
    expect((await sync(scanner.headers, first.cursor)).reset).toBe(false);

    // The team mate leaves: the list starts over with the scanner's own lead only.
    await t.database.db
      .update(users)
      .set({ leadTeamId: null, leadTeamJoinedAt: null })
      .where(eq(users.id, mate?.userId ?? ''));
    const left = await sync(scanner.headers, first.cursor, undefined, 1);
    expect(left.reset).toBe(true);
    expect(scannedBy(left.leads)).toEqual([people[2]?.userId]);

    // Someone joins who shares earlier scans: their older leads come, in a start-over too.
    await t.database.db
      .update(users)
      .set({ leadTeamId: teamId, leadTeamJoinedAt: new Date(), leadTeamSharesEarlier: true, permissionPaths: ['/contacts'] })
      .where(eq(users.id, newcomer?.userId ?? ''));
    const joined = await sync(scanner.headers, left.cursor, undefined, 2);
    expect(joined.reset).toBe(true);
    expect(scannedBy(joined.leads)).toEqual([people[2]?.userId, people[3]?.userId].sort());
    // And stops sharing them: gone again (they were scanned before the newcomer joined).
    await t.database.db
      .update(users)
      .set({ leadTeamSharesEarlier: false })
      .where(eq(users.id, newcomer?.userId ?? ''));
    const unshared = await sync(scanner.headers, joined.cursor, undefined, 1);
    expect(unshared.reset).toBe(true);
    expect(scannedBy(unshared.leads)).toEqual([people[2]?.userId]);

    // A lead is deleted (its person's account deleted): gone from the device too.
    await t.database.db.delete(users).where(eq(users.id, people[2]?.userId ?? ''));
    const deleted = await sync(scanner.headers, unshared.cursor);
    expect(deleted.reset).toBe(true);
    expect(deleted.leads).toEqual([]);
    // The lead of another scanner outside the team being deleted changes nothing here.
    await insertLeads(other?.userId ?? '', people.slice(3));
    await t.database.db.delete(leads).where(eq(leads.scannerUserId, other?.userId ?? ''));
    expect((await sync(scanner.headers, deleted.cursor)).reset).toBe(false);
  });

  it("edits a team mate's lead by its badge id (making the editor's own lead); refuses a lead not on the list", async () => {
    const scanner = await newScanner();
    const [mate, stranger, outsider] = await insertBadgedPeople(t.database.db, 3);
    await team([scanner.user.id, mate?.userId ?? '']);
    const [met, unknown] = await insertBadgedPeople(t.database.db, 2);
    await insertLeads(mate?.userId ?? '', [met as BadgedPerson]);
    await insertLeads(stranger?.userId ?? '', [unknown as BadgedPerson]);
    const [teamLead] = (await sync(scanner.headers, undefined, undefined, 1)).leads;
    expect(teamLead?.badgeId).toBe(met?.barcodeId);

    const edit: LeadOp = { id: randomUUID(), createdAt: at(1), badgeId: teamLead?.badgeId, notes: 'my own note', rating: 5 };
    const notOnList: LeadOp = { id: randomUUID(), createdAt: at(2), badgeId: unknown?.barcodeId, notes: 'not mine' };
    const nobody: LeadOp = { id: randomUUID(), createdAt: at(3), badgeId: randomUUID(), notes: 'no such badge' };
    expect(await upload(scanner.headers, [edit, notOnList, nobody])).toEqual([
      { id: edit.id, status: 'created' },
      { id: notOnList.id, status: 'rejected', reason: NOT_ON_LIST },
      { id: nobody.id, status: 'rejected', reason: NOT_ON_LIST },
    ]);
    const [own] = await t.database.db.select().from(leads).where(eq(leads.scannerUserId, scanner.user.id));
    expect(own).toMatchObject({ scannedUserId: met?.userId, barcodeId: met?.barcodeId, notes: 'my own note', rating: 5 });
    expect(await t.database.db.$count(leads, eq(leads.scannedUserId, unknown?.userId ?? ''))).toBe(1);

    // The scanner's own badge, seen in a team mate's list, is still not a lead of theirs.
    const [scannerPass] = await t.database.db.select().from(passes).where(eq(passes.userId, scanner.user.id));
    const ownBadge = await currentBarcode(t.database.db, scannerPass?.id ?? '');
    await insertLeads(mate?.userId ?? '', [{ ...(outsider as BadgedPerson), userId: scanner.user.id, barcodeId: ownBadge.id }]);
    const self: LeadOp = { id: randomUUID(), createdAt: at(4), badgeId: ownBadge.id, notes: 'me?' };
    expect(await upload(scanner.headers, [self])).toEqual([{ id: self.id, status: 'rejected', reason: OWN_BADGE }]);
  });
});

describe('GET /api/lead/changes: a scanner with 2,000 leads opens the app again', () => {
  it('gets one small answer when nothing changed (≤ 5 KB)', async () => {
    const scanner = await newScanner();
    await insertLeads(scanner.user.id, await insertBadgedPeople(t.database.db, 2000));
    const first = await sync(scanner.headers, undefined, undefined, 2000);
    expect(first.leads).toHaveLength(2000);
    expect(new Set(first.ids).size).toBe(2000);
    expect(first.pages).toBe(2);

    const again = await changes(scanner.headers, `?cursor=${first.cursor}`);
    expect(again.body).toEqual({ leads: [], cursor: first.cursor, complete: true, reset: false });
    console.log(`lead download, 2,000 leads, nothing changed: ${again.bytes} bytes (first sync ${first.pages} pages)`);
    expect(again.bytes).toBeLessThanOrEqual(5 * 1024);
  }, 120_000);
});
