import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalQueue, ApprovalResponse } from '#shared/contracts/organizer-people.ts';
import { auditLog, mailOutbox, passBarcodes, passes, users } from '../../db/schema/index.ts';
import { changesSettled } from '../../testing/lead.ts';
import { createPeople, freePoolHolder, ORGANIZER, poolTaken } from '../../testing/organizer-people.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let organizer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000' });
  organizer = await t.login(ORGANIZER);
});
afterAll(async () => t?.close());

const decide = (passIds: string[], decision: 'approve' | 'reject', headers = organizer) =>
  t.app.inject({ method: 'POST', url: '/api/organizer/approvals', headers, payload: { passIds, decision } });

const mailsTo = (emails: string[]) => t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails));

describe('GET /api/organizer/approvals', () => {
  it('lists pending passes oldest first with holder, pass type and how they came', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/organizer/approvals?pageSize=1000', headers: organizer });
    expect(res.statusCode, res.body).toBe(200);
    const queue = res.json() as ApprovalQueue;
    const pending = queue.items.find((item) => item.email === 'pending@demo.cloudfest.example');
    expect(pending).toMatchObject({ name: 'Jonas Becker', passType: { name: 'Business Pass' }, hostCode: false });
    expect(pending?.source).toMatch(/^(voucher|free-pool|purchase)$/);
    expect(queue.total).toBe(queue.items.length);
    const created = queue.items.map((item) => item.createdAt);
    expect(created).toEqual([...created].sort());
  });

  it('tells voucher passes (host codes flagged) and free-pool passes apart', async () => {
    const [voucherPerson] = await createPeople(t.database.db, 1);
    await t.database.db
      .update(passes)
      .set({ voucherCode: 'HOST-EUROPA-2026' })
      .where(eq(passes.id, voucherPerson?.passId ?? ''));
    const free = await freePoolHolder(t.database.db);
    const queue = (
      await t.app.inject({ method: 'GET', url: '/api/organizer/approvals?pageSize=1000', headers: organizer })
    ).json() as ApprovalQueue;
    expect(queue.items.find((item) => item.passId === voucherPerson?.passId)).toMatchObject({
      source: 'voucher',
      voucherCode: 'HOST-EUROPA-2026',
      codeType: 'host',
      hostCode: true,
    });
    expect(queue.items.find((item) => item.passId === free.passId)).toMatchObject({ source: 'free-pool', hostCode: false });
  });

  it('pages and refuses bad paging with 400', async () => {
    const first = (await t.app.inject({ method: 'GET', url: '/api/organizer/approvals?pageSize=1', headers: organizer })).json();
    expect(first.items).toHaveLength(1);
    expect(first.total).toBeGreaterThan(1);
    for (const query of ['pageSize=0', 'pageSize=1001', 'page=0', 'page=x']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/organizer/approvals?${query}`, headers: organizer });
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
    }
  });
});

describe('POST /api/organizer/approvals', () => {
  it('refuses bad bodies with 400 problem+json (after authentication)', async () => {
    expect((await decide([], 'approve', {})).statusCode).toBe(401);
    for (const payload of [
      { passIds: [], decision: 'approve' },
      { passIds: ['not-a-uuid'], decision: 'approve' },
      { passIds: [crypto.randomUUID()], decision: 'maybe' },
      { passIds: Array.from({ length: 1001 }, () => crypto.randomUUID()), decision: 'reject' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/organizer/approvals', headers: organizer, payload });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('approves 500 pending passes in one request and mails 500 people once each', async () => {
    const people = await createPeople(t.database.db, 500);
    const res = await decide(
      people.map((person) => person.passId),
      'approve',
    );
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json() as ApprovalResponse;
    expect(results).toHaveLength(500);
    expect(results.every((result) => result.outcome === 'approved' && result.status === 'approved')).toBe(true);

    const emails = people.map((person) => person.email);
    const mails = await mailsTo(emails);
    expect(mails).toHaveLength(500);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(500);
    expect(mails.every((mail) => mail.subject === 'Your CloudFest 2026 pass is approved')).toBe(true);

    // Again: nothing changes and nobody is mailed twice.
    const again = (
      await decide(
        people.slice(0, 10).map((person) => person.passId),
        'approve',
      )
    ).json() as ApprovalResponse;
    expect(again.results.every((result) => result.outcome === 'already')).toBe(true);
    expect(await mailsTo(emails)).toHaveLength(500);

    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'pass.approve'),
          inArray(
            auditLog.subjectUserId,
            people.map((person) => person.userId),
          ),
        ),
      );
    expect(audited).toHaveLength(500);
  });

  it('rejects: status rejected, barcodes revoked, free pass back to the pool once, rejection mail, audit', async () => {
    const { db } = t.database;
    const holder = await freePoolHolder(db);
    const before = await poolTaken(db);
    const res = await decide([holder.passId], 'reject');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ApprovalResponse).results).toEqual([
      { passId: holder.passId, outcome: 'rejected', status: 'rejected' },
    ]);
    expect(await poolTaken(db)).toBe(before - 1);
    const [barcode] = await db.select().from(passBarcodes).where(eq(passBarcodes.id, holder.barcodeId));
    expect(barcode?.revokedAt).not.toBeNull();
    expect(barcode?.revokedReason).toBe('rejected');
    // The revocation list follows commits: wait for older transactions of a PostgreSQL cluster.
    await changesSettled(db);
    const revocations = (await t.app.inject({ method: 'GET', url: '/api/pass/revocations' })).json() as { revoked: string[] };
    expect(revocations.revoked).toContain(holder.barcodeId);
    const [mail] = await mailsTo([holder.email]);
    expect(mail?.subject).toBe('Your CloudFest 2026 pass request');
    expect(mail?.text).toContain('cannot approve it');

    // A second rejection changes nothing: the pool does not get the pass twice.
    const again = (await decide([holder.passId], 'reject')).json() as ApprovalResponse;
    expect(again.results[0]).toMatchObject({ outcome: 'already', status: 'rejected' });
    expect(await poolTaken(db)).toBe(before - 1);
    expect(await mailsTo([holder.email])).toHaveLength(1);

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pass.reject'), eq(auditLog.subjectUserId, holder.userId)));
    expect(entry?.details).toMatchObject({ passId: holder.passId, returnedToPool: true });
  });

  it('answers per pass: approved, already, not pending (other states and unknown ids)', async () => {
    const [pending, approved, cancelled] = [
      ...(await createPeople(t.database.db, 1)),
      ...(await createPeople(t.database.db, 1, { status: 'approved' })),
      ...(await createPeople(t.database.db, 1, { status: 'cancelled' })),
    ];
    const unknown = crypto.randomUUID();
    const ids = [pending?.passId ?? '', approved?.passId ?? '', cancelled?.passId ?? '', unknown];
    const { results } = (await decide(ids, 'approve')).json() as ApprovalResponse;
    expect(results.map((result) => [result.outcome, result.status])).toEqual([
      ['approved', 'approved'],
      ['already', 'approved'],
      ['not-pending', 'cancelled'],
      ['not-pending', null],
    ]);
    const rejected = (await decide([approved?.passId ?? ''], 'reject')).json() as ApprovalResponse;
    expect(rejected.results[0]).toMatchObject({ outcome: 'not-pending', status: 'approved' });
  });

  it('approves the demo pending attendee, who can then sign in', async () => {
    const [pending] = await t.database.db
      .select({ passId: passes.id })
      .from(passes)
      .innerJoin(users, eq(users.id, passes.userId))
      .where(eq(users.email, 'pending@demo.cloudfest.example'));
    const { results } = (await decide([pending?.passId ?? ''], 'approve')).json() as ApprovalResponse;
    expect(results[0]?.outcome).toBe('approved');
    await t.login('pending@demo.cloudfest.example');
  });
});

// PGlite runs one statement at a time: only PostgreSQL shows that the conditional updates hold.
describe.runIf(process.env.TEST_DATABASE_URL)('rejecting a free pass under concurrency (PostgreSQL)', () => {
  it('returns the pass to the pool exactly once when ten organizers reject it at the same moment', async () => {
    const { db } = t.database;
    for (let round = 0; round < 5; round++) {
      const holder = await freePoolHolder(db);
      const before = await poolTaken(db);
      const answers = await Promise.all(Array.from({ length: 10 }, () => decide([holder.passId], 'reject')));
      const outcomes = answers.map((answer) => (answer.json() as ApprovalResponse).results[0]?.outcome);
      expect(outcomes.filter((outcome) => outcome === 'rejected')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'already')).toHaveLength(9);
      expect(await poolTaken(db)).toBe(before - 1);
      expect(await mailsTo([holder.email])).toHaveLength(1);
    }
  });

  it('returns the pass once when a rejection and a cancellation race', async () => {
    const { db } = t.database;
    const holder = await freePoolHolder(db);
    const before = await poolTaken(db);
    await Promise.all([
      decide([holder.passId], 'reject'),
      t.app.inject({ method: 'POST', url: `/api/organizer/attendees/${holder.userId}/cancel-pass`, headers: organizer }),
      decide([holder.passId], 'reject'),
    ]);
    expect(await poolTaken(db)).toBe(before - 1);
  });
});
