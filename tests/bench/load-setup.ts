import { generateKeyPairSync } from 'node:crypto';
import pg from 'pg';
import { LEAD_SCANNER_PATH, VENDOR_TAG_ID } from '#shared/messages.ts';
import { randomToken, sha256 } from '../../server/services/accounts/tokens.ts';

export type DeviceRole = 'attendee' | 'scanner' | 'staff';

/** One signed-in device: its session, its holder's role and badge. */
export interface Device {
  index: number;
  role: DeviceRole;
  userId: string;
  /** Bearer token of the device's session. */
  token: string;
  /** The holder's own badge token (GET /api/pass/barcode), what others scan. */
  badge: string;
}

export interface LoadWorld {
  devices: Device[];
  /** Agenda sessions a favourite may name. */
  sessionIds: number[];
  /** The check-in list that admits every pass (the main entrance). */
  entranceListId: number;
  /**
   * Where a scanner downloads its lead list: the changes since its last download where the server
   * has them (GET /api/lead/changes), else the whole list (GET /api/lead?active=true).
   */
  leadListPath: string;
}

/** A database of its own on the local PostgreSQL (never `test`, which the server suites share). */
export async function createLoadDatabase(name: string): Promise<string | null> {
  const admin = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    return admin.replace(/\/[^/]*$/, `/${name}`);
  } catch (error) {
    console.log(`BENCH load: no PostgreSQL (${(error as Error).message})`);
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A pass-signing key for the run: production on PostgreSQL refuses to start without one. */
export function passSigningKey(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/**
 * Turns the demo seed's generic attendees (DEMO_ATTENDEES) into the signed-in devices of an event
 * morning: the first `scanners` are exhibitors' lead scanners, the next `staff` check passes, the
 * rest are attendees. Sessions are written straight into auth_tokens (a sign-in each would cost
 * 2,000 scrypt hashes and the sign-in rate limits): the server finds them as it finds any session.
 */
export async function prepareDevices(
  databaseUrl: string,
  counts: { devices: number; scanners: number; staff: number },
): Promise<Omit<LoadWorld, 'devices' | 'leadListPath'> & { devices: Omit<Device, 'badge'>[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `select id from users where email ~ '^attendee[0-9]+@' order by email limit $1`,
      [counts.devices],
    );
    if (rows.length < counts.devices) throw new Error(`the seed made ${rows.length} attendees, ${counts.devices} wanted`);
    const devices = rows.map(({ id }, index) => {
      const role: DeviceRole =
        index < counts.scanners ? 'scanner' : index < counts.scanners + counts.staff ? 'staff' : 'attendee';
      return { index, role, userId: id, token: randomToken() };
    });
    const ids = (role: DeviceRole) => devices.filter((d) => d.role === role).map((d) => d.userId);
    await client.query('update users set permission_paths = $2, tag_ids = $3 where id = any($1::uuid[])', [
      ids('scanner'),
      [LEAD_SCANNER_PATH],
      [VENDOR_TAG_ID],
    ]);
    await client.query(`update users set scopes = array['staff'] where id = any($1::uuid[])`, [ids('staff')]);
    await client.query(
      `insert into auth_tokens (token_hash, user_id, scope, expires_at)
       select hash, id, 'full', now() + interval '1 day' from unnest($1::text[], $2::uuid[]) as t(hash, id)`,
      [devices.map((d) => sha256(d.token)), devices.map((d) => d.userId)],
    );
    const sessions = await client.query<{ id: number }>('select id from agenda_sessions order by id');
    const entrance = await client.query<{ id: number }>(
      `select id from checkin_lists where pass_type_ids = '{}' and valid_from is null and valid_until is null order by id limit 1`,
    );
    const entranceListId = entrance.rows[0]?.id;
    if (entranceListId === undefined) throw new Error('no check-in list admits every pass');
    return { devices, sessionIds: sessions.rows.map((r) => r.id), entranceListId };
  } finally {
    await client.end();
  }
}

/** The lead list download the server offers (see LoadWorld.leadListPath), asked as a scanner. */
export async function leadListPath(baseUrl: string, scanner: Pick<Device, 'token'>): Promise<string> {
  const res = await fetch(`${baseUrl}/api/lead/changes`, { headers: { authorization: `Bearer ${scanner.token}` } });
  await res.arrayBuffer();
  return res.ok ? '/api/lead/changes' : '/api/lead?active=true';
}

/** Every device's own badge token, fetched as the app does on start-up (a few dozen at a time). */
export async function fetchBadges(baseUrl: string, devices: Omit<Device, 'badge'>[]): Promise<Device[]> {
  const result: Device[] = new Array(devices.length);
  let next = 0;
  const worker = async () => {
    while (next < devices.length) {
      const device = devices[next++] as Omit<Device, 'badge'>;
      const res = await fetch(`${baseUrl}/api/pass/barcode`, { headers: { authorization: `Bearer ${device.token}` } });
      if (!res.ok) throw new Error(`barcode of device ${device.index}: ${res.status} ${await res.text()}`);
      result[device.index] = { ...device, badge: ((await res.json()) as { token: string }).token };
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return result;
}
