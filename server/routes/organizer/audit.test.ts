import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '#shared/contracts/organizer-people.ts';
import { recordAudit } from '../../services/audit/audit-log.ts';
import { createPeople, ORGANIZER } from '../../testing/organizer-people.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let organizer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  organizer = await t.login(ORGANIZER);
});
afterAll(async () => t?.close());

async function audit(query = ''): Promise<AuditPage> {
  const res = await t.app.inject({ method: 'GET', url: `/api/organizer/audit?${query}`, headers: organizer });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditPage;
}

describe('GET /api/organizer/audit', () => {
  it('lists the organizer actions newest first, with actor and subject names, filterable', async () => {
    const [a, b] = await createPeople(t.database.db, 2, { prefix: 'auditee', firstName: 'Audrey' });
    await t.app.inject({
      method: 'POST',
      url: '/api/organizer/approvals',
      headers: organizer,
      payload: { passIds: [a?.passId], decision: 'approve' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/organizer/approvals',
      headers: organizer,
      payload: { passIds: [b?.passId], decision: 'reject' },
    });
    await recordAudit(t.database.db, { actorUserId: null, action: 'agenda.import', subject: 'schedule.json' });

    const all = await audit();
    expect(all.entries.map((entry) => entry.action).slice(0, 3)).toEqual(['agenda.import', 'pass.reject', 'pass.approve']);
    const rejection = all.entries[1];
    expect(rejection?.actor).toMatchObject({ email: ORGANIZER, name: expect.stringMatching(/\S/) });
    expect(rejection?.subjectUser).toMatchObject({ userId: b?.userId, email: b?.email, name: `Audrey auditeeLast1` });
    expect(all.entries[0]?.actor).toBeNull();

    expect((await audit('action=pass')).entries.map((entry) => entry.action)).toEqual(['pass.reject', 'pass.approve']);
    expect((await audit('action=pass.approve')).total).toBe(1);
    expect((await audit('action=pas')).total).toBe(0);
    expect((await audit(`subject=${a?.userId}`)).entries.map((entry) => entry.action)).toEqual(['pass.approve']);
    expect((await audit('subject=auditeelast1')).entries.map((entry) => entry.action)).toEqual(['pass.reject']);
    expect((await audit('subject=schedule.json')).entries.map((entry) => entry.action)).toEqual(['agenda.import']);
    expect((await audit('actor=organizer@demo')).total).toBe(2);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await audit(`from=${encodeURIComponent(future)}`)).total).toBe(0);
    expect((await audit(`until=${encodeURIComponent(future)}&pageSize=1`)).entries).toHaveLength(1);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of ['from=yesterday', 'action=DROP%20TABLE', 'page=0', 'pageSize=100000', `actor=${'a'.repeat(101)}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/organizer/audit?${query}`, headers: organizer });
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
    }
  });
});
