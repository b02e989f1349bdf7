import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig, startWarnings } from './config.ts';
import { createTestDatabase } from './testing/test-app.ts';

/** A production set-up an operator has thought through. */
const SAFE_PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example:587',
  PAYMENT_PROVIDER: 'sandbox',
  PUBLIC_URL: 'https://app.cloudfest.example',
};

describe('production configuration', () => {
  it('refuses the unsafe defaults and names each problem', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/cloudfest' })).toThrowError(
      expect.objectContaining({
        message: expect.stringMatching(
          /^Refusing to start in production:\n {2}- SMTP_URL is not set.*\n {2}- PAYMENT_PROVIDER is not set.*\n {2}- PUBLIC_URL is not set.*\n {2}- PASS_SIGNING_KEY is not set/,
        ),
      }),
    );
  });

  it('refuses to start the server, printing the problems instead of a stack trace', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cf-config-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('Refusing to start in production:');
      expect(run.stderr).toContain('SMTP_URL is not set');
      expect(run.stderr).toContain('PAYMENT_PROVIDER is not set');
      expect(run.stderr).not.toContain('    at ');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('starts with SMTP or an explicit log-only opt-in, without demo data unless asked for', () => {
    const config = loadConfig(SAFE_PRODUCTION);
    expect(config).toMatchObject({ SEED_DEMO: false, MAIL_MODE: 'smtp', PAYMENT_PROVIDER: 'sandbox' });
    const logOnly = loadConfig({ ...SAFE_PRODUCTION, SMTP_URL: undefined, MAIL_LOG_ONLY: 'true', SEED_DEMO: 'true' });
    expect(logOnly).toMatchObject({ SEED_DEMO: true, MAIL_MODE: 'log' });
    expect(startWarnings(logOnly)).toEqual([
      expect.stringContaining('PAYMENT_PROVIDER=sandbox: payments are test payments'),
      expect.stringContaining('SEED_DEMO=true'),
      expect.stringContaining('MAIL_LOG_ONLY=true'),
    ]);
  });

  it("trusts exactly the configured proxies, never any client's X-Forwarded-For", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16' }).TRUST_PROXY).toEqual(['10.0.0.2', '10.1.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust any client's X-Forwarded-For/);
  });

  it('refuses catch-all and absurdly wide TRUST_PROXY ranges, which equal true', () => {
    for (const [range, what] of [
      ['0.0.0.0/0', 'every IPv4 address'],
      ['::/0', 'every IPv6 address'],
      ['::ffff:0:0/96', 'every IPv4 address'],
      ['0:0:0:0:0:ffff:0.0.0.0/96', 'every IPv4 address'],
      ['128.0.0.0/1', 'a /1 of IPv4 addresses'],
      ['10.0.0.0/7', 'a /7 of IPv4 addresses'],
      ['::ffff:10.0.0.0/103', 'a /7 of IPv4 addresses'],
      ['2000::/3', 'a /3 of IPv6 addresses'],
      ['fc00::/15', 'a /15 of IPv6 addresses'],
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: `10.0.0.2, ${range}` }), range).toThrow(
        `TRUST_PROXY: ${range} covers ${what}: like true, it would trust any client's X-Forwarded-For`,
      );
    }
    // The narrowest refused and the widest taken, in each family; proxy-addr's private-range names.
    const taken = ['10.0.0.0/8', '::ffff:10.0.0.0/104', '2001:db8::/16', '2001:db8::/128', '::ffff:10.0.0.1', 'fd00::1'];
    expect(loadConfig({ TRUST_PROXY: taken.join(',') }).TRUST_PROXY).toEqual(taken);
    expect(loadConfig({ TRUST_PROXY: 'loopback, uniquelocal' }).TRUST_PROXY).toEqual(['loopback', 'uniquelocal']);
  });

  it('refuses a TRUST_PROXY entry that is not an address or a range instead of trusting nothing or everything', () => {
    for (const entry of [
      '10.0.0',
      '10.0.0.256',
      'proxy.internal',
      'loopbak',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.0/8/8',
      '10.0.0.0/',
      '10.0.0.0/255.0.0.0',
      '1e1',
      '2 proxies',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: `10.0.0.2,${entry}` }), entry).toThrow(
        `TRUST_PROXY: "${entry}" is not a proxy's IP address or a CIDR range (e.g. 10.0.0.2 or 10.0.0.0/24), nor one of loopback, linklocal, uniquelocal`,
      );
    }
    // Each bad entry is named.
    expect(() => loadConfig({ TRUST_PROXY: 'nope, 0.0.0.0/0' })).toThrow(
      /"nope" is not[\s\S]*0\.0\.0\.0\/0 covers every IPv4 address/,
    );
  });

  it('keeps `npm start` without settings the development demo', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ NODE_ENV: 'development', SEED_DEMO: true, MAIL_MODE: 'outbox', PAYMENT_PROVIDER: 'sandbox' });
    expect(startWarnings(config)).toEqual([]);
  });

  it('has no outbox route in production, even when mail only goes to the log', async () => {
    for (const [env, status] of [
      [{ ...SAFE_PRODUCTION, SMTP_URL: undefined, MAIL_LOG_ONLY: 'true' }, 404],
      [{ NODE_ENV: 'test' }, 200],
    ] as const) {
      const database = await createTestDatabase();
      const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', ...env }), database, distDir: '/nonexistent' });
      try {
        const res = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
        expect({ env: env.NODE_ENV, status: res.statusCode }).toEqual({ env: env.NODE_ENV, status });
      } finally {
        await app.close();
        await database.close();
      }
    }
  });
});
