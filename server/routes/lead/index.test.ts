import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lead, type LeadOp, OWN_BADGE } from '#shared/contracts/leads.ts';
import type { SyncResponse } from '#shared/contracts/sync.ts';
import { decodePassToken } from '#shared/pass-token.ts';
import { leads, passes, users } from '../../db/schema/index.ts';
import { demoEmail, genericAttendeeEmail } from '../../db/seed/demo-accounts.ts';
import { NOT_LEAD_SCANNER } from '../../plugins/access.ts';
import { BADGE_MALFORMED, BADGE_NOT_GENUINE, BADGE_REVOKED, BADGE_UNKNOWN } from '../../services/badges/badge-verifier.ts';
import { revokeCurrentBarcode } from '../../services/passes/pass-barcodes.ts';
import { createPassSigner } from '../../services/passes/pass-signing.ts';
import { badgeBook, badgeOf, badgeTestConfig, type TestApp, withBadSignature, withChangedPayload } from '../../testing/lead.ts';
import { signedInUser } from '../../testing/purchases.ts';
import { createTestApp } from '../../testing/test-app.ts';

let t: TestApp;
let badge: ReturnType<typeof badgeBook>;
let vendor: { authorization: string };

beforeAll(async () => {
  t = await createTestApp(badgeTestConfig());
  badge = badgeBook(t);
  vendor = await t.login(demoEmail('vendor'));
}, 60_000);
afterAll(async () => t?.close());

const at = (minute: number) => new Date(Date.UTC(2026, 2, 24, 10, minute)).toISOString();
const scan = (token: string, createdAt = at(0), extra: Partial<LeadOp> = {}): LeadOp => ({
  id: randomUUID(),
  createdAt,
  token,
  ...extra,
});

async function upload(headers: { authorization: string }, ops: LeadOp[]) {
  const res = await t.app.inject({ method: 'POST', url: '/api/lead', headers, payload: { ops } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SyncResponse).results;
}

async function list(headers: { authorization: string }, active: boolean): Promise<Lead[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/lead?active=${active}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Lead[];
}

/** A signed-in user with an approved pass who may scan (permission /contacts). */
async function newScanner() {
  const registrant = await signedInUser(t.database.db);
  await t.database.db
    .update(users)
    .set({ permissionPaths: ['/contacts'] })
    .where(eq(users.id, registrant.user.id));
  return registrant;
}

async function leadRow(scannerUserId: string, scannedUserId: string) {
  const rows = await t.database.db
    .select()
    .from(leads)
    .where(and(eq(leads.scannerUserId, scannerUserId), eq(leads.scannedUserId, scannedUserId)));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0];
}

describe('POST /api/lead: who may upload', () => {
  it('answers 401 without a sign-in and 403 to users who are not lead scanners', async () => {
    const { token } = await badge(genericAttendeeEmail(30));
    const payload = { ops: [scan(token)] };
    expect((await t.app.inject({ method: 'POST', url: '/api/lead', payload })).statusCode).toBe(401);
    const attendee = await badge(demoEmail('attendee'));
    const res = await t.app.inject({ method: 'POST', url: '/api/lead', headers: attendee.headers, payload });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, detail: NOT_LEAD_SCANNER });
  });

  it('answers 400 (problem+json), never 500, to bad bodies', async () => {
    const { token } = await badge(genericAttendeeEmail(30));
    const bodies: unknown[] = [
      {},
      { ops: [] },
      { ops: 'x' },
      { ops: [{ id: 'not-a-uuid', createdAt: at(0), token }] },
      { ops: [{ ...scan(token), createdAt: 'yesterday' }] },
      { ops: [{ ...scan(token), rating: 6 }] },
      { ops: [{ ...scan(token), rating: 2.5 }] },
      { ops: [{ ...scan(token), token: 'x'.repeat(2000) }] },
      { ops: [{ ...scan(token), tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }] },
      { ops: [{ ...scan(token), answers: [{ question: '', answer: 'a' }] }] },
      { ops: Array.from({ length: 501 }, () => scan(token)) },
      // The person named neither by token nor by badge id, by both, or a "scan" by badge id.
      { ops: [{ id: randomUUID(), createdAt: at(0), notes: 'who?' }] },
      { ops: [{ ...scan(token), badgeId: randomUUID(), notes: 'both' }] },
      { ops: [{ id: randomUUID(), createdAt: at(0), badgeId: randomUUID() }] },
      { ops: [{ id: randomUUID(), createdAt: at(0), badgeId: 'not-a-uuid', notes: 'x' }] },
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({ method: 'POST', url: '/api/lead', headers: vendor, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/lead',
      headers: { ...vendor, 'content-type': 'application/json' },
      payload: '{"ops":[',
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('POST /api/lead: scans and edits', () => {
  it('creates a lead on the first scan and updates the same lead on later scans', async () => {
    const scanner = await newScanner();
    const person = await badge(genericAttendeeEmail(10));
    const first = scan(person.token, at(1));
    expect(await upload(scanner.headers, [first])).toEqual([{ id: first.id, status: 'created' }]);
    const again = scan(person.token, at(5));
    expect(await upload(scanner.headers, [again])).toEqual([{ id: again.id, status: 'updated' }]);

    const [scanned] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, genericAttendeeEmail(10)));
    const row = await leadRow(scanner.user.id, scanned?.id ?? '');
    expect(row).toMatchObject({ scanCount: 2, notes: '', rating: 0 });
    expect(row?.createdAt.toISOString()).toBe(at(1));
  });

  it('answers duplicate to an op id sent again and applies nothing twice', async () => {
    const scanner = await newScanner();
    const person = await badge(genericAttendeeEmail(11));
    const ops = [scan(person.token, at(1)), scan(person.token, at(2))];
    expect((await upload(scanner.headers, ops)).map((r) => r.status)).toEqual(['created', 'updated']);
    expect((await upload(scanner.headers, ops)).map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    // An id repeated inside one upload answers like a retry.
    const op = scan(person.token, at(3));
    expect((await upload(scanner.headers, [op, op])).map((r) => r.status)).toEqual(['updated', 'duplicate']);
    const [scanned] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, genericAttendeeEmail(11)));
    expect((await leadRow(scanner.user.id, scanned?.id ?? ''))?.scanCount).toBe(3);
  });

  it('applies edits last-writer-wins by the device time; scans do not override edits', async () => {
    const scanner = await newScanner();
    const person = await badge(genericAttendeeEmail(12));
    const newer = scan(person.token, at(20), { notes: 'newer', rating: 4, tags: ['hot', 'hot', 'cloud'] });
    const older = scan(person.token, at(10), { notes: 'older', rating: 1, answers: [{ question: 'Budget?', answer: '10k' }] });
    const laterScan = scan(person.token, at(30));
    const results = await upload(scanner.headers, [scan(person.token, at(0)), newer, older, laterScan]);
    expect(results.map((r) => r.status)).toEqual(['created', 'updated', 'updated', 'updated']);
    // An edit older than the newest applied edit but newer than nothing else arrives late: still loses.
    const late = scan(person.token, at(15), { notes: 'late' });
    await upload(scanner.headers, [late]);
    // An edit after the re-scan but from a device whose clock is only a little behind the scan still wins.
    const edit = scan(person.token, at(25), { rating: 5 });
    await upload(scanner.headers, [edit]);

    const [mine] = (await list(scanner.headers, true)).filter((lead) => lead.passiveUser?.lastName);
    expect(mine).toMatchObject({ notes: 'newer', rating: 5, tags: ['hot', 'cloud'], answers: [], scanCount: 2 });
    expect(mine?.createdAt).toBe(at(0));
    expect(mine?.changedAt).toBe(at(25));
  });

  it('takes a device time more than a day ahead as the time of upload', async () => {
    const scanner = await newScanner();
    const person = await badge(genericAttendeeEmail(13));
    const before = Date.now();
    await upload(scanner.headers, [scan(person.token, '2099-01-01T00:00:00.000Z', { notes: 'broken clock' })]);
    const [lead] = await list(scanner.headers, true);
    const changed = Date.parse(lead?.changedAt ?? '');
    expect(changed).toBeGreaterThanOrEqual(before - 1000);
    expect(changed).toBeLessThanOrEqual(Date.now() + 1000);
    // A normal later edit then still wins.
    await upload(scanner.headers, [scan(person.token, new Date(Date.now() + 60_000).toISOString(), { notes: 'fixed' })]);
    expect((await list(scanner.headers, true))[0]?.notes).toBe('fixed');
  });
});

describe('POST /api/lead: badges that are refused', () => {
  it('rejects forged, malformed and unknown badges with a reason and creates no lead', async () => {
    const scanner = await newScanner();
    const person = await badge(genericAttendeeEmail(14));
    const signer = createPassSigner(t.app.config);
    const unknownBarcode = await signer.signPass(
      { id: randomUUID(), typeName: 'Standard Pass' },
      { firstName: 'Nobody', lastName: 'Known', company: '' },
      { startDate: '2026-03-24', endDate: '2026-03-26' },
    );
    const ops = [
      scan(withChangedPayload(person.token, { n: 'Someone Else' })),
      scan(withChangedPayload(person.token, { c: 'Forged Corp' })),
      scan(withBadSignature(person.token)),
      scan(withChangedPayload(person.token, { kid: 'zzzzzzzz' })),
      scan('not a badge at all'),
      scan(`${person.token.split('.')[0]}`),
      scan(unknownBarcode),
    ];
    const results = await upload(scanner.headers, ops);
    expect(results.map((r) => r.reason)).toEqual([
      BADGE_NOT_GENUINE,
      BADGE_NOT_GENUINE,
      BADGE_NOT_GENUINE,
      BADGE_NOT_GENUINE,
      BADGE_MALFORMED,
      BADGE_MALFORMED,
      BADGE_UNKNOWN,
    ]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(await t.database.db.$count(leads, eq(leads.scannerUserId, scanner.user.id))).toBe(0);
    // A retry learns the reason again (duplicate + stored reason).
    expect((await upload(scanner.headers, ops.slice(0, 1)))[0]).toEqual({
      id: ops[0]?.id,
      status: 'duplicate',
      reason: BADGE_NOT_GENUINE,
    });
  });

  it('rejects a revoked barcode (upgrade) and the badge of a cancelled pass', async () => {
    const scanner = await newScanner();
    const upgraded = await signedInUser(t.database.db);
    const cancelled = await signedInUser(t.database.db);
    const oldToken = await badgeOf(t, upgraded.headers);
    const cancelledToken = await badgeOf(t, cancelled.headers);
    const [pass] = await t.database.db.select().from(passes).where(eq(passes.userId, upgraded.user.id));
    await revokeCurrentBarcode(t.database.db, pass?.id ?? '', 'upgraded');
    await t.database.db.update(passes).set({ status: 'cancelled' }).where(eq(passes.userId, cancelled.user.id));

    const results = await upload(scanner.headers, [scan(oldToken), scan(cancelledToken)]);
    expect(results.map((r) => [r.status, r.reason])).toEqual([
      ['rejected', BADGE_REVOKED],
      ['rejected', BADGE_REVOKED],
    ]);
    // The new barcode issued after the upgrade scans fine.
    const newToken = await badgeOf(t, upgraded.headers);
    expect((await upload(scanner.headers, [scan(newToken)]))[0]?.status).toBe('created');
  });

  it('rejects scanning your own badge', async () => {
    const scanner = await newScanner();
    const own = await badgeOf(t, scanner.headers);
    expect(await upload(scanner.headers, [scan(own)])).toEqual([
      expect.objectContaining({ status: 'rejected', reason: OWN_BADGE }),
    ]);
  });
});

describe('POST /api/lead: edits with a badge revoked since the scan', () => {
  async function revoke(userId: string) {
    const [pass] = await t.database.db.select().from(passes).where(eq(passes.userId, userId));
    await revokeCurrentBarcode(t.database.db, pass?.id ?? '', 'upgraded');
  }

  it('applies an edit of an existing lead although its barcode was revoked, never a scan or a new lead', async () => {
    const scanner = await newScanner();
    const met = await signedInUser(t.database.db);
    const token = await badgeOf(t, met.headers);
    expect((await upload(scanner.headers, [scan(token, at(0))]))[0]?.status).toBe('created');
    await revoke(met.user.id);

    const edit = scan(token, at(5), { notes: 'Call after the upgrade', rating: 3, tags: ['hot'] });
    const rescan = scan(token, at(6));
    expect(await upload(scanner.headers, [edit, rescan])).toEqual([
      { id: edit.id, status: 'updated' },
      expect.objectContaining({ id: rescan.id, status: 'rejected', reason: BADGE_REVOKED }),
    ]);
    const row = await leadRow(scanner.user.id, met.user.id);
    expect(row).toMatchObject({ notes: 'Call after the upgrade', rating: 3, tags: ['hot'], scanCount: 1 });
    expect(row?.barcodeId).toBe(decodePassToken(token).payload.pid);
    expect(row?.changedAt.toISOString()).toBe(at(5));

    // A scanner who never had a lead for this person gets nothing from the revoked badge, edit or not.
    const other = await newScanner();
    const results = await upload(other.headers, [scan(token, at(7), { notes: 'new lead?' }), scan(token, at(8))]);
    expect(results.map((r) => [r.status, r.reason])).toEqual([
      ['rejected', BADGE_REVOKED],
      ['rejected', BADGE_REVOKED],
    ]);
    expect(await leadRow(other.user.id, met.user.id)).toBeUndefined();
  });

  it('also applies it to a lead the same upload created with the new barcode; forged edits stay rejected', async () => {
    const scanner = await newScanner();
    const met = await signedInUser(t.database.db);
    const oldToken = await badgeOf(t, met.headers);
    await revoke(met.user.id);
    const newToken = await badgeOf(t, met.headers);
    const forged = withChangedPayload(oldToken, { n: 'Someone Else' });
    const ops = [
      scan(newToken, at(0)),
      scan(oldToken, at(1), { answers: [{ question: 'Decision maker?', answer: 'Yes' }] }),
      scan(forged, at(2), { notes: 'forged' }),
    ];
    expect((await upload(scanner.headers, ops)).map((r) => r.status)).toEqual(['created', 'updated', 'rejected']);
    const row = await leadRow(scanner.user.id, met.user.id);
    expect(row).toMatchObject({ answers: { 'Decision maker?': 'Yes' }, notes: '' });
    // The barcode scanned last stays the current one.
    expect(row?.barcodeId).toBe(decodePassToken(newToken).payload.pid);
  });
});

describe('GET /api/lead', () => {
  it("gives each active lead its barcode id and pass type and the person's current name, without signing anything", async () => {
    const scanner = await newScanner();
    const met = await signedInUser(t.database.db);
    const scanned = await badgeOf(t, met.headers);
    await upload(scanner.headers, [scan(scanned, at(0))]);
    await t.database.db
      .update(users)
      .set({ firstName: 'Renamed', lastName: 'Person', company: 'New Company GmbH' })
      .where(eq(users.id, met.user.id));

    const [lead] = await list(scanner.headers, true);
    const barcodeId = decodePassToken(scanned).payload.pid;
    expect(lead).toMatchObject({
      badgeId: barcodeId,
      passType: 'Standard Pass',
      passiveUser: { firstName: 'Renamed', lastName: 'Person', company: 'New Company GmbH' },
    });
    expect(lead).not.toHaveProperty('token');

    // The badge id edits the lead from any device of the scanner, also once the barcode is revoked.
    const [pass] = await t.database.db.select().from(passes).where(eq(passes.userId, met.user.id));
    await revokeCurrentBarcode(t.database.db, pass?.id ?? '', 'upgraded');
    const edit: LeadOp = { id: randomUUID(), createdAt: at(9), badgeId: barcodeId, notes: 'edited on the tablet' };
    expect(await upload(scanner.headers, [edit])).toEqual([{ id: edit.id, status: 'updated' }]);
    const [after] = await list(scanner.headers, true);
    expect(after).toMatchObject({ notes: 'edited on the tablet', badgeId: barcodeId });

    // The people who scanned me never see barcode ids.
    const passive = await list(met.headers, false);
    expect(passive[0]).not.toHaveProperty('badgeId');
    expect(passive[0]).not.toHaveProperty('notes');
  });

  it('lists my leads (active) and the people who scanned me (passive), newest first', async () => {
    const active = await list(vendor, true);
    expect(active.length).toBeGreaterThanOrEqual(5);
    const created = active.map((lead) => lead.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const lena = active.find((lead) => lead.passiveUser?.lastName === 'Hoffmann');
    expect(lena).toMatchObject({
      passiveUser: { firstName: 'Lena', lastName: 'Hoffmann', company: 'Pixelhaus Digital GmbH', image: null },
      rating: 4,
      tags: ['hot', 'kubernetes'],
    });
    expect(lena?.answers).toEqual(expect.arrayContaining([{ question: 'Decision maker?', answer: 'Yes' }]));
    expect(lena?.activeUser).toBeUndefined();
    // The seeded lead names the barcode attendee@'s app shows.
    expect(lena?.badgeId).toBe(decodePassToken((await badge(demoEmail('attendee'))).token).payload.pid);
    expect(lena?.passType).toBe(decodePassToken((await badge(demoEmail('attendee'))).token).payload.t);

    const attendee = await badge(demoEmail('attendee'));
    const passive = await list(attendee.headers, false);
    const byVendor = passive.find((lead) => lead.activeUser?.lastName === 'Krüger');
    expect(byVendor).toMatchObject({ activeUser: { firstName: 'Tobias', company: 'Nordlicht Hosting GmbH' } });
    // The scanner's notes are theirs alone.
    expect(byVendor).not.toHaveProperty('notes');
    expect(byVendor).not.toHaveProperty('rating');
    expect(byVendor).not.toHaveProperty('passiveUser');
    // Not a lead scanner: no active list.
    expect(await list(attendee.headers, true)).toEqual([]);
  });

  it('requires active=true|false and a sign-in', async () => {
    for (const url of ['/api/lead', '/api/lead?active=yes', '/api/lead?active=']) {
      const res = await t.app.inject({ method: 'GET', url, headers: vendor });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/lead?active=true' })).statusCode).toBe(401);
  });
});

describe('POST /api/lead: 1,000 scans', () => {
  it('uploads 1,000 ops (two batches of 500, 40 people) with exact counts within the budget', async () => {
    const scanner = await newScanner();
    const people = await Promise.all(Array.from({ length: 40 }, (_, i) => badge(genericAttendeeEmail(i + 1))));
    // Every 7th op an edit (notes); person i % 40 gets op i.
    const isEditAt = (i: number) => i % 7 === 3;
    const ops = Array.from({ length: 1000 }, (_, i) =>
      scan(
        people[i % 40]?.token ?? '',
        new Date(Date.UTC(2026, 2, 24, 9, 0, i)).toISOString(),
        isEditAt(i) ? { notes: `note ${i}` } : {},
      ),
    );
    const started = performance.now();
    const first = await upload(scanner.headers, ops.slice(0, 500));
    const second = await upload(scanner.headers, ops.slice(500));
    const ms = performance.now() - started;
    console.log(
      `lead upload: 1,000 ops in 2 batches of 500 on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${ms.toFixed(0)} ms`,
    );
    expect(ms).toBeLessThan(5000);

    const results = [...first, ...second];
    expect(results.filter((r) => r.status === 'created')).toHaveLength(40);
    expect(results.filter((r) => r.status === 'updated')).toHaveLength(960);
    const rows = await t.database.db.select().from(leads).where(eq(leads.scannerUserId, scanner.user.id));
    expect(rows).toHaveLength(40);
    const emails = await t.database.db.select({ id: users.id, email: users.email }).from(users);
    const emailOf = new Map(emails.map((row) => [row.id, row.email]));
    for (const row of rows) {
      const k = Number(emailOf.get(row.scannedUserId)?.slice(8, 11)) - 1;
      const mine = Array.from({ length: 25 }, (_, j) => k + 40 * j);
      const scans = mine.filter((i) => !isEditAt(i)).length;
      // A lead first made by an edit op counts that op as its scan.
      expect(row.scanCount, `person ${k}`).toBe(scans + (isEditAt(k) ? 1 : 0));
      const lastEdit = mine.filter(isEditAt).at(-1);
      expect(row.notes).toBe(lastEdit === undefined ? '' : `note ${lastEdit}`);
      expect(row.createdAt.toISOString()).toBe(ops[k]?.createdAt);
    }
  }, 60_000);
});

// PGlite runs one transaction at a time; only PostgreSQL shows that the op-id claim holds under real concurrency.
describe.runIf(process.env.TEST_DATABASE_URL)('POST /api/lead under concurrency (PostgreSQL)', () => {
  it('applies a 500-op batch once when 5 requests upload it at the same moment', async () => {
    const scanner = await newScanner();
    const people = await Promise.all(Array.from({ length: 40 }, (_, i) => badge(genericAttendeeEmail(i + 1))));
    const ops = Array.from({ length: 500 }, (_, i) =>
      scan(people[i % 40]?.token ?? '', new Date(Date.UTC(2026, 2, 24, 9, 0, i)).toISOString()),
    );
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'POST', url: '/api/lead', headers: scanner.headers, payload: { ops } }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const results = answers.map((answer) => (answer.json() as SyncResponse).results);
    for (const [index] of ops.entries()) {
      const statuses = results.map((list) => list[index]?.status);
      expect(statuses.filter((s) => s === 'duplicate')).toHaveLength(4);
    }
    const rows = await t.database.db.select().from(leads).where(eq(leads.scannerUserId, scanner.user.id));
    expect(rows).toHaveLength(40);
    expect(rows.reduce((sum, row) => sum + row.scanCount, 0)).toBe(500);
  }, 60_000);

  it('keeps every scan when two devices of one scanner upload different scans of the same people at once', async () => {
    const scanner = await newScanner();
    const people = await Promise.all(Array.from({ length: 20 }, (_, i) => badge(genericAttendeeEmail(i + 1))));
    const batches = Array.from({ length: 4 }, (_, device) =>
      people.map((person, i) => scan(person.token, new Date(Date.UTC(2026, 2, 24, 9, device, i)).toISOString())),
    );
    const answers = await Promise.all(
      batches.map((ops) => t.app.inject({ method: 'POST', url: '/api/lead', headers: scanner.headers, payload: { ops } })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const statuses = answers.flatMap((answer) => (answer.json() as SyncResponse).results.map((r) => r.status));
    expect(statuses.filter((s) => s === 'created')).toHaveLength(20);
    const rows = await t.database.db.select().from(leads).where(eq(leads.scannerUserId, scanner.user.id));
    expect(rows).toHaveLength(20);
    expect(rows.every((row) => row.scanCount === 4)).toBe(true);
    expect(rows.every((row) => row.createdAt.toISOString().startsWith('2026-03-24T09:00:'))).toBe(true);
  }, 60_000);
});

describe('OpenAPI', () => {
  it('describes the lead and check-in routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths).map((path) => path.replace(/\/$/, ''));
    for (const path of [
      '/api/lead',
      '/api/lead/changes',
      '/api/checkin',
      '/api/checkin/lists',
      '/api/checkin/lists/{id}/events',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
