import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { clientOps } from '../../db/schema/index.ts';
import { signedInUser } from '../../testing/purchases.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { applyClientOps, claimOps, FOREIGN_OP, type OpOutcome, OTHER_KIND_OP } from './client-ops.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(async () => t?.close());

const KIND = 'test-op';
type Op = { id: string; value: number };

/** An apply function that records what it was given and rejects negative values. */
function recorder() {
  const applied: Op[][] = [];
  const apply = async (_tx: Db, ops: Op[]) => {
    applied.push(ops);
    return new Map<string, OpOutcome>(
      ops.map((op) => [
        op.id,
        op.value < 0 ? { result: 'rejected', reason: 'Negative.' } : { result: op.value > 9 ? 'updated' : 'created' },
      ]),
    );
  };
  return { applied, apply };
}
const userId = async () => (await signedInUser(db)).user.id;
const stored = (ids: string[]) => db.select().from(clientOps).where(inArray(clientOps.id, ids));

describe('applyClientOps', () => {
  it('applies new ops once, records every outcome, and answers in upload order', async () => {
    const user = await userId();
    const ops = [
      { id: randomUUID(), value: 1 },
      { id: randomUUID(), value: 10 },
      { id: randomUUID(), value: -1 },
    ];
    const { applied, apply } = recorder();
    const results = await applyClientOps(db, { userId: user, kind: KIND, ops, apply });
    expect(results).toEqual([
      { id: ops[0]?.id, status: 'created' },
      { id: ops[1]?.id, status: 'updated' },
      { id: ops[2]?.id, status: 'rejected', reason: 'Negative.' },
    ]);
    expect(applied).toEqual([ops]);
    const rows = new Map((await stored(ops.map((op) => op.id))).map((row) => [row.id, row]));
    expect(rows.get(ops[0]?.id ?? '')).toMatchObject({ userId: user, kind: KIND, result: 'created', reason: null });
    expect(rows.get(ops[1]?.id ?? '')).toMatchObject({ result: 'updated', reason: null });
    expect(rows.get(ops[2]?.id ?? '')).toMatchObject({ result: 'rejected', reason: 'Negative.' });

    // The retry applies nothing and answers duplicate, keeping the reason of a rejection.
    const retry = recorder();
    expect(await applyClientOps(db, { userId: user, kind: KIND, ops, apply: retry.apply })).toEqual([
      { id: ops[0]?.id, status: 'duplicate' },
      { id: ops[1]?.id, status: 'duplicate' },
      { id: ops[2]?.id, status: 'duplicate', reason: 'Negative.' },
    ]);
    expect(retry.applied).toEqual([]);
  });

  it('mixes new and known ids: only the new ones reach apply, repeats inside the upload answer duplicate', async () => {
    const user = await userId();
    const known = { id: randomUUID(), value: 1 };
    await applyClientOps(db, { userId: user, kind: KIND, ops: [known], apply: recorder().apply });
    const fresh = { id: randomUUID(), value: -5 };
    const { applied, apply } = recorder();
    const results = await applyClientOps(db, { userId: user, kind: KIND, ops: [fresh, known, fresh], apply });
    expect(applied).toEqual([[fresh]]);
    expect(results).toEqual([
      { id: fresh.id, status: 'rejected', reason: 'Negative.' },
      { id: known.id, status: 'duplicate' },
      { id: fresh.id, status: 'duplicate', reason: 'Negative.' },
    ]);
  });

  it('refuses ids of another account or another kind, and never hands them to apply', async () => {
    const owner = await userId();
    const other = await userId();
    const op = { id: randomUUID(), value: 1 };
    await applyClientOps(db, { userId: owner, kind: KIND, ops: [op], apply: recorder().apply });

    const foreign = recorder();
    expect(await applyClientOps(db, { userId: other, kind: KIND, ops: [op], apply: foreign.apply })).toEqual([
      { id: op.id, status: 'rejected', reason: FOREIGN_OP },
    ]);
    const otherKind = recorder();
    expect(await applyClientOps(db, { userId: owner, kind: 'another-kind', ops: [op], apply: otherKind.apply })).toEqual([
      { id: op.id, status: 'rejected', reason: OTHER_KIND_OP },
    ]);
    expect([...foreign.applied, ...otherKind.applied]).toEqual([]);
    expect(await stored([op.id])).toMatchObject([{ userId: owner, kind: KIND, result: 'created' }]);
  });

  it('releases the claims when applying fails, so the retry applies them', async () => {
    const user = await userId();
    const ops = [{ id: randomUUID(), value: 1 }];
    await expect(
      applyClientOps(db, {
        userId: user,
        kind: KIND,
        ops,
        apply: async () => {
          throw new Error('database hiccup');
        },
      }),
    ).rejects.toThrow('database hiccup');
    expect(await stored([ops[0]?.id ?? ''])).toEqual([]);
    const { applied, apply } = recorder();
    expect(await applyClientOps(db, { userId: user, kind: KIND, ops, apply })).toEqual([{ id: ops[0]?.id, status: 'created' }]);
    expect(applied).toEqual([ops]);
  });

  it('fails (and stores nothing) when apply forgets an op', async () => {
    const user = await userId();
    const ops = [
      { id: randomUUID(), value: 1 },
      { id: randomUUID(), value: 2 },
    ];
    await expect(
      applyClientOps(db, {
        userId: user,
        kind: KIND,
        ops,
        apply: async () => new Map([[ops[0]?.id ?? '', { result: 'created' }]]),
      }),
    ).rejects.toThrow(/no outcome/);
    expect(await stored(ops.map((op) => op.id))).toEqual([]);
  });
});

describe('claimOps', () => {
  it('claims nothing for an empty list', async () => {
    const claimed = await claimOps(db, await userId(), KIND, []);
    expect(claimed.fresh.size).toBe(0);
    expect(claimed.answered.size).toBe(0);
  });
});
