import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoucherBatchCreated, VoucherPage } from '#shared/contracts/organizer-admin.ts';
import { auditLog, passTypes, vouchers } from '../../db/schema/index.ts';
import { demoEmail } from '../../db/seed/demo-accounts.ts';
import { redeemVoucher } from '../../services/orders/vouchers.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let organizer: Record<string, string>;
let speakerType: number;
let upgradeType: number;
let partnerType: number;

beforeAll(async () => {
  t = await createTestApp();
  organizer = await t.login(demoEmail('organizer'));
  const types = await t.database.db.select().from(passTypes);
  speakerType = types.find((type) => type.name.startsWith('Speaker'))?.id ?? 0;
  partnerType = types.find((type) => type.name === 'Partner Pass')?.id ?? 0;
  upgradeType = types.find((type) => type.kind === 'paid-upgrade')?.id ?? 0;
  expect(speakerType).toBeGreaterThan(0);
  expect(upgradeType).toBeGreaterThan(0);
});
afterAll(async () => t?.close());

const batchBody = (over: Record<string, unknown> = {}) => ({
  passTypeId: speakerType,
  count: 25,
  usesPerCode: 1,
  validUntil: '2099-03-27T00:00:00Z',
  prefix: 'spk',
  codeType: 'speaker',
  ...over,
});
const create = (payload: unknown, headers = organizer) =>
  t.app.inject({ method: 'POST', url: '/api/organizer/vouchers', headers, payload: payload as object });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: organizer });
const post = (url: string) => t.app.inject({ method: 'POST', url, headers: organizer });

describe('organizer vouchers', () => {
  it('makes a batch of distinct random upper-case codes with the prefix, and records it', async () => {
    const res = await create(batchBody());
    expect(res.statusCode).toBe(201);
    const body = res.json() as VoucherBatchCreated;
    expect(body.count).toBe(25);
    expect(new Set(body.codes).size).toBe(25);
    for (const code of body.codes) expect(code).toMatch(/^SPK-[A-HJ-NP-Z2-9]{12}$/);
    expect(body.batch).toMatch(/^SPK-\d{8}-\d{4}-[A-Z2-9]{4}$/);
    const rows = await t.database.db.select().from(vouchers).where(eq(vouchers.batch, body.batch));
    expect(rows).toHaveLength(25);
    expect(rows[0]).toMatchObject({ passTypeId: speakerType, codeType: 'speaker', maxUses: 1, usedCount: 0, disabledAt: null });
    expect(rows[0]?.validUntil?.toISOString()).toBe('2099-03-27T00:00:00.000Z');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, body.batch));
    expect(audit).toMatchObject([{ action: 'voucher.create', details: { count: 25 } }]);
  });

  it('makes the 5,000 codes of a large batch', async () => {
    const res = await create(
      batchBody({ count: 5000, passTypeId: partnerType, prefix: '', usesPerCode: null, validUntil: null, codeType: 'partner' }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json() as VoucherBatchCreated;
    expect(new Set(body.codes).size).toBe(5000);
    expect(body.batch).toMatch(/^CODES-/);
    const list = (await get(`/api/organizer/vouchers?batch=${body.batch}&limit=1`)).json() as VoucherPage;
    expect(list.total).toBe(5000);
  }, 60_000);

  it('refuses bad batches with 400 and field errors, never 500', async () => {
    const bad: Record<string, unknown>[] = [
      { count: 0 },
      { count: 5001 },
      { count: 1.5 },
      { usesPerCode: 0 },
      { prefix: 'no spaces' },
      { prefix: 'ÄÖÜ' },
      { prefix: 'A'.repeat(21) },
      { codeType: 'vip' },
      { validUntil: 'tomorrow' },
      { validUntil: '2026-02-31T00:00:00Z' },
      { passTypeId: 999999 },
      { passTypeId: upgradeType },
      { passTypeId: 'x' },
    ];
    for (const over of bad) {
      const res = await create(batchBody(over));
      expect({ over, status: res.statusCode }).toEqual({ over, status: 400 });
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect((await create([1, 2])).statusCode).toBe(400);
    expect((await create(null)).statusCode).toBe(400);
  });

  it('lists codes with uses a page at a time, filtered by batch and pass type', async () => {
    const made = (await create(batchBody({ count: 7, prefix: 'PAGE' }))).json() as VoucherBatchCreated;
    expect(await redeemVoucher(t.database.db, made.codes[0] as string)).toBe(true);
    const seen: VoucherPage['vouchers'] = [];
    let after: string | null = null;
    do {
      const res = await get(`/api/organizer/vouchers?batch=${made.batch}&limit=3${after ? `&after=${after}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as VoucherPage;
      expect(page.total).toBe(7);
      seen.push(...page.vouchers);
      after = page.next;
    } while (after);
    expect(seen.map((v) => v.code)).toEqual(made.codes);
    expect(seen[0]).toMatchObject({ usedCount: 1, maxUses: 1, passTypeId: speakerType, batch: made.batch });
    const byType = (await get(`/api/organizer/vouchers?passType=${speakerType}&limit=500`)).json() as VoucherPage;
    expect(byType.vouchers.every((v) => v.passTypeId === speakerType)).toBe(true);
    expect(byType.vouchers.map((v) => v.code)).toContain('SPEAKER-2026');
    for (const query of ['?limit=0', '?limit=501', '?passType=abc', '?batch=a%20b', `?after=${'x'.repeat(65)}`]) {
      expect((await get(`/api/organizer/vouchers${query}`)).statusCode, query).toBe(400);
    }
    const types = (await get('/api/organizer/vouchers/pass-types')).json() as { id: number; kind: string }[];
    expect(types.map((type) => type.id)).toContain(speakerType);
    expect(types.map((type) => type.kind)).not.toContain('paid-upgrade');
    const batches = (await get('/api/organizer/vouchers/batches')).json() as {
      batches: { batch: string; codes: number; used: number }[];
    };
    expect(batches.batches.find((b) => b.batch === made.batch)).toMatchObject({ codes: 7, used: 1 });
  });

  it('disables a code and a whole batch: the public check and registration then call them invalid', async () => {
    const made = (await create(batchBody({ count: 3, prefix: 'OFF', usesPerCode: 5 }))).json() as VoucherBatchCreated;
    const [first, second, third] = made.codes as [string, string, string];
    const check = async (code: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/pass/voucher/${code.toLowerCase()}` })).json();
    expect(await check(first)).toMatchObject({ valid: true, codeType: 'speaker' });

    expect((await post(`/api/organizer/vouchers/${first.toLowerCase()}/disable`)).json()).toEqual({ disabled: 1 });
    expect(await check(first)).toEqual({ code: first, valid: false, codeType: null, passType: null });
    expect(await redeemVoucher(t.database.db, first)).toBe(false);
    expect(await check(second)).toMatchObject({ valid: true });
    // Twice is harmless; an unknown code is 404; a code with odd characters 400.
    expect((await post(`/api/organizer/vouchers/${first}/disable`)).statusCode).toBe(200);
    expect((await post('/api/organizer/vouchers/NO-SUCH-CODE/disable')).statusCode).toBe(404);
    expect((await post('/api/organizer/vouchers/a%20b/disable')).statusCode).toBe(400);

    expect((await post(`/api/organizer/vouchers/batches/${made.batch}/disable`)).json()).toEqual({ disabled: 2 });
    expect(await check(third)).toMatchObject({ valid: false });
    expect(await redeemVoucher(t.database.db, second)).toBe(false);
    expect((await post('/api/organizer/vouchers/batches/NO-SUCH-BATCH/disable')).statusCode).toBe(404);
    const actions = (await t.database.db.select().from(auditLog)).map((row) => `${row.action} ${row.subject}`);
    expect(actions).toContain(`voucher.disable ${first}`);
    expect(actions).toContain(`voucher.disable-batch ${made.batch}`);
  });

  it('downloads a batch as CSV with a byte order mark and defused cells', async () => {
    const made = (await create(batchBody({ count: 4, prefix: 'CSV' }))).json() as VoucherBatchCreated;
    // A seeded-style row whose text starts like a formula must not run in a spreadsheet.
    await t.database.db
      .update(vouchers)
      .set({ codeType: '=HYPERLINK("x")' })
      .where(eq(vouchers.code, made.codes[0] as string));
    const res = await get(`/api/organizer/vouchers.csv?batch=${made.batch}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`vouchers-${made.batch}.csv`);
    expect(res.body.startsWith('\uFEFFCode,Pass type,Code type,Uses,Max uses')).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(`${made.codes[0]},`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect((await get('/api/organizer/vouchers.csv?batch=a,b')).statusCode).toBe(400);
  });
});
