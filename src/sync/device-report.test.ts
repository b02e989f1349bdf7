import { describe, expect, it, vi } from 'vitest';
import type { OutboxKind } from '../lib/db.ts';
import { deviceReportSchema } from '../shared/contracts/devices.ts';
import { MemoryStorage } from '../testing/session.ts';
import {
  createDeviceReporter,
  DEVICE_ROLE_KEY,
  DEVICE_SECRET_KEY,
  type DeviceRole,
  REPORT_INTERVAL_MS,
  REPORT_MIN_GAP_MS,
  readRole,
} from './device-report.ts';
import type { SyncStatus } from './engine.ts';

const USER = 'user-1';
const DEVICE = 'device-0001-abcd';
const START = Date.parse('2026-03-24T09:00:00.000Z');

const online = (changes: Partial<SyncStatus> = {}): SyncStatus => ({
  online: true,
  syncing: false,
  paused: false,
  lastSyncAt: null,
  lastError: null,
  retryAt: null,
  ...changes,
});

/** A reporter on a fake clock, storage, outbox and server; `answer` is the server's next status. */
function setup({ role, user = USER }: { role?: DeviceRole; user?: string | null } = {}) {
  let clock = START;
  let session: string | null = user;
  const pending: Record<OutboxKind, number> = { favourite: 0, lead: 0, checkin: 0 };
  const storage = new MemoryStorage();
  if (role) storage.setItem(DEVICE_ROLE_KEY, JSON.stringify(role));
  const state = { answer: 200 as number | 'network' };
  const sent: { body: Record<string, unknown>; auth: string | null }[] = [];
  const answers: Response[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    expect(String(input)).toBe('/api/devices/report');
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    // Every report the device sends passes the server's contract.
    expect(deviceReportSchema.safeParse(body).success).toBe(true);
    sent.push({ body, auth: new Headers(init.headers).get('Authorization') });
    if (state.answer === 'network') throw new TypeError('Failed to fetch');
    const answer = new Response(state.answer === 200 ? '{"ok":true}' : '{}', { status: state.answer });
    answers.push(answer);
    return answer;
  });
  const reporter = createDeviceReporter({
    storage,
    session: () => (session ? { userId: session, token: `token-${session}` } : null),
    deviceId: () => DEVICE,
    pendingCount: async (userId, kind) => (userId === session ? pending[kind] : 0),
    fetch: fetch as typeof globalThis.fetch,
    now: () => clock,
  });
  return {
    reporter,
    storage,
    sent,
    answers,
    state,
    pending,
    tick: (ms: number) => {
      clock += ms;
    },
    now: () => clock,
    signIn: (next: string | null) => {
      session = next;
    },
  };
}

describe('readRole', () => {
  it('reads the roles it wrote and nothing else', () => {
    expect(readRole('{"kind":"checkin","listId":3}')).toEqual({ kind: 'checkin', listId: 3 });
    expect(readRole('{"kind":"kiosk","listId":7,"label":"Hall 2"}')).toEqual({ kind: 'kiosk', listId: 7, label: 'Hall 2' });
    expect(readRole('{"kind":"lead","listId":3}')).toEqual({ kind: 'lead' });
    expect(readRole('{"kind":"checkin","listId":-1}')).toEqual({ kind: 'checkin', listId: null });
    expect(readRole('{"kind":"checkin","listId":"3"}')).toEqual({ kind: 'checkin', listId: null });
    for (const raw of [null, '', 'nope', '[]', '"lead"', '{"kind":"printer"}', 'null']) expect(readRole(raw)).toBeNull();
    // Labels the server would refuse are left out rather than spoiling every report.
    expect(readRole(JSON.stringify({ kind: 'lead', label: 'Hall\n2' }))).toEqual({ kind: 'lead' });
    expect(readRole(JSON.stringify({ kind: 'lead', label: 'x'.repeat(61) }))).toEqual({ kind: 'lead' });
    expect(readRole(JSON.stringify({ kind: 'lead', label: '  Booth 12 ' }))).toEqual({ kind: 'lead', label: 'Booth 12' });
  });
});

describe('device reports', () => {
  it('reads every answer to the end, accepted or refused, so the browser frees the request', async () => {
    const t = setup();
    await t.reporter.setRole({ kind: 'lead' });
    t.state.answer = 409;
    await t.reporter.setRole({ kind: 'checkin', listId: 3 });
    expect(t.answers.map((answer) => [answer.status, answer.bodyUsed])).toEqual([
      [200, true],
      [409, true],
    ]);
  });

  it('sends nothing while the device has no role, or nobody is signed in', async () => {
    const t = setup();
    await t.reporter.afterDrain(online());
    expect(t.sent).toHaveLength(0);

    const anonymous = setup({ role: { kind: 'lead' }, user: null });
    await anonymous.reporter.afterDrain(online());
    expect(anonymous.sent).toHaveLength(0);
  });

  it('reports a new role at once, with the id, a kept secret, the list and the pending count of its kind', async () => {
    const t = setup();
    t.pending.checkin = 2;
    t.pending.lead = 9;
    await t.reporter.setRole({ kind: 'checkin', listId: 3 });
    expect(t.sent).toHaveLength(1);
    const [first] = t.sent;
    expect(first?.auth).toBe(`Bearer token-${USER}`);
    expect(first?.body).toMatchObject({
      deviceId: DEVICE,
      kind: 'checkin',
      listId: 3,
      pending: 2,
      lastSyncAt: null,
      label: null,
    });
    expect(first?.body.sentAt).toBe(new Date(START).toISOString());
    expect(t.storage.getItem(DEVICE_SECRET_KEY)).toBe(first?.body.secret);
    expect(readRole(t.storage.getItem(DEVICE_ROLE_KEY))).toEqual({ kind: 'checkin', listId: 3 });

    // The same role again (the page opened once more) is no news; a kiosk counts check-ins too.
    t.tick(1_000);
    await t.reporter.setRole({ kind: 'checkin', listId: 3 });
    expect(t.sent).toHaveLength(1);
    t.tick(1_000);
    await t.reporter.setRole({ kind: 'kiosk', listId: 4, label: 'Hall 2' });
    expect(t.sent.at(-1)?.body).toMatchObject({
      kind: 'kiosk',
      listId: 4,
      pending: 2,
      label: 'Hall 2',
      secret: first?.body.secret,
    });
    await t.reporter.setRole({ kind: 'lead' });
    expect(t.sent.at(-1)?.body).toMatchObject({ kind: 'lead', listId: null, pending: 9 });
  });

  it('counts a role set before any drain with nothing waiting as synced now', async () => {
    const t = setup();
    await t.reporter.setRole({ kind: 'kiosk', listId: 2, label: 'Kiosk\t1' });
    expect(t.sent.at(-1)?.body).toMatchObject({ pending: 0, lastSyncAt: new Date(START).toISOString(), label: null });
    expect(t.reporter.role()).toEqual({ kind: 'kiosk', listId: 2 });
  });

  it('throttles drains: at most once per interval unless the pending count changed, never within the minimum gap', async () => {
    const t = setup({ role: { kind: 'checkin', listId: 1 } });
    await t.reporter.afterDrain(online());
    expect(t.sent).toHaveLength(1);

    // Drains with nothing new: quiet until the interval has passed.
    t.tick(REPORT_INTERVAL_MS - 1);
    await t.reporter.afterDrain(online());
    expect(t.sent).toHaveLength(1);
    t.tick(1);
    await t.reporter.afterDrain(online());
    expect(t.sent).toHaveLength(2);

    // A changed count goes out at once, but a burst within the minimum gap waits.
    t.pending.checkin = 1;
    t.tick(REPORT_MIN_GAP_MS - 1);
    await t.reporter.afterDrain(online());
    expect(t.sent).toHaveLength(2);
    t.tick(1);
    await t.reporter.afterDrain(online());
    expect(t.sent).toHaveLength(3);
    expect(t.sent.at(-1)?.body.pending).toBe(1);
    t.tick(REPORT_MIN_GAP_MS);
    await t.reporter.afterDrain(online());
    expect(t.sent).toHaveLength(3);

    // Another person signs in on the same tablet: reported at once.
    t.signIn('user-2');
    await t.reporter.afterDrain(online());
    expect(t.sent).toHaveLength(4);
    expect(t.sent.at(-1)?.auth).toBe('Bearer token-user-2');
  });

  it('says when the device last synced: now after a drain that left nothing waiting, else the last accepted upload', async () => {
    const t = setup({ role: { kind: 'lead' } });
    const uploaded = new Date(START - 120_000).toISOString();
    t.pending.lead = 3;
    await t.reporter.afterDrain(online({ lastSyncAt: uploaded, lastError: 'Server busy (503)' }));
    expect(t.sent.at(-1)?.body).toMatchObject({ pending: 3, lastSyncAt: uploaded });

    t.tick(REPORT_MIN_GAP_MS);
    t.pending.lead = 0;
    await t.reporter.afterDrain(online({ lastSyncAt: uploaded }));
    expect(t.sent.at(-1)?.body).toMatchObject({ pending: 0, lastSyncAt: new Date(t.now()).toISOString() });

    // Later drains keep the newest of the two.
    t.tick(REPORT_INTERVAL_MS);
    t.pending.lead = 1;
    const synced = t.sent.at(-1)?.body.lastSyncAt;
    await t.reporter.afterDrain(online({ lastSyncAt: uploaded }));
    expect(t.sent.at(-1)?.body).toMatchObject({ pending: 1, lastSyncAt: synced });
  });

  it('reports at once when the device is back online after an outage', async () => {
    const t = setup({ role: { kind: 'checkin', listId: 1 } });
    await t.reporter.afterDrain(online());
    t.tick(REPORT_MIN_GAP_MS);
    await t.reporter.afterDrain(online({ online: false }));
    expect(t.sent).toHaveLength(1);
    // The check-ins made offline went up with the drain that found the connection again.
    await t.reporter.afterDrain(online());
    expect(t.sent).toHaveLength(2);
    expect(t.sent.at(-1)?.body).toMatchObject({ pending: 0, lastSyncAt: new Date(t.now()).toISOString() });
    t.tick(REPORT_MIN_GAP_MS);
    await t.reporter.afterDrain(online());
    expect(t.sent).toHaveLength(2);
  });

  it('does not try while offline, drops failures and tries again on a later drain', async () => {
    const t = setup({ role: { kind: 'checkin', listId: 1 } });
    await t.reporter.afterDrain(online({ online: false }));
    expect(t.sent).toHaveLength(0);

    t.state.answer = 'network';
    await expect(t.reporter.afterDrain(online())).resolves.toBeUndefined();
    expect(t.sent).toHaveLength(1);
    t.state.answer = 503;
    t.tick(REPORT_MIN_GAP_MS);
    await t.reporter.afterDrain(online());
    expect(t.sent).toHaveLength(2);
    t.state.answer = 200;
    t.tick(REPORT_MIN_GAP_MS);
    await t.reporter.afterDrain(online());
    expect(t.sent).toHaveLength(3);
    // Accepted now: the next drain within the interval is quiet.
    t.tick(REPORT_MIN_GAP_MS);
    await t.reporter.afterDrain(online());
    expect(t.sent).toHaveLength(3);
  });

  it('stops asking after the server refused this user and role, until one of them changes', async () => {
    const t = setup({ role: { kind: 'lead' } });
    t.state.answer = 403;
    await t.reporter.afterDrain(online());
    t.tick(REPORT_INTERVAL_MS * 4);
    t.pending.lead = 4;
    await t.reporter.afterDrain(online());
    expect(t.sent).toHaveLength(1);

    t.state.answer = 200;
    t.signIn('user-2');
    await t.reporter.afterDrain(online());
    expect(t.sent).toHaveLength(2);
  });

  it('sends one report at a time: drains during a report make one more round, not a pile', async () => {
    const t = setup({ role: { kind: 'checkin', listId: 1 } });
    await t.reporter.afterDrain(online());
    t.tick(REPORT_INTERVAL_MS);
    const rounds = [t.reporter.afterDrain(online()), t.reporter.afterDrain(online()), t.reporter.afterDrain(online())];
    await Promise.all(rounds);
    // One report for the interval; the extra round found nothing due.
    expect(t.sent).toHaveLength(2);
  });

  it('forgets the role when set to null', async () => {
    const t = setup({ role: { kind: 'lead' } });
    await t.reporter.setRole(null);
    expect(t.storage.getItem(DEVICE_ROLE_KEY)).toBeNull();
    expect(t.reporter.role()).toBeNull();
    await t.reporter.afterDrain(online());
    expect(t.sent).toHaveLength(0);
  });
});
