import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DEMO_PASSWORD, demoEmail, genericAttendeeEmail } from '../../server/db/seed/demo-accounts.ts';
import { VARIANT_SIDES } from '../../server/services/images/avatar-images.ts';
import { report } from './report.ts';
import { startServer } from './server-process.ts';
import { isMain } from './standalone.ts';

const PORT = 4397;
const CLIENTS = 16;
const SIGN_INS = 60;
/** Sign-ins go round these accounts (one account signing in 60 times a minute is not what is measured). */
const SIGNERS = (['attendee', 'vip', 'host', 'staff', 'organizer', 'vendor'] as const).map(demoEmail);

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Milliseconds of each of `count` sign-ins, one after another, as people arriving one by one. */
async function signInTimes(base: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await signIn(base, SIGNERS[i % SIGNERS.length] as string);
    times.push(performance.now() - started);
  }
  return times;
}

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
};

/** Every variant query of one picture the server can be made to render: each fixed side, crop or contain, at dpr 3. */
function variantQueries(): string[] {
  const sides: (number | undefined)[] = [undefined, ...VARIANT_SIDES];
  const queries: string[] = [];
  for (const fit of ['crop', 'contain']) {
    for (const width of sides) {
      for (const height of sides) {
        if (width === undefined && height === undefined) continue;
        // Asked as an attacker would, in CSS pixels at dpr 3 (up to 3072 device pixels when variants were unbounded).
        const css = (side: number) => Math.max(1, Math.floor(side / 3));
        const parts = [width && `width=${css(width)}`, height && `height=${css(height)}`, `fit=${fit}`, 'dpr=3'];
        queries.push(parts.filter(Boolean).join('&'));
      }
    }
  }
  return queries;
}

/** A client with a 1024 × 1024 picture of noise (the most work for the encoder) as its avatar. */
async function clientWithAvatar(base: string, n: number, picture: Buffer) {
  const token = await signIn(base, genericAttendeeEmail(n));
  const res = await fetch(`${base}/api/user/avatar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    body: new Uint8Array(picture),
  });
  if (res.status !== 200) throw new Error(`avatar upload: ${res.status} ${await res.text()}`);
  const { image } = (await res.json()) as { image: string };
  return { token, image };
}

/**
 * Sign-in p95 while 16 clients keep asking for avatar variants nobody asked for
 * before, against sign-in p95 with nothing else going on. Budget: at most twice the idle figure.
 */
export async function benchAvatarLoad() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cf-bench-avatar-'));
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      ADDRESS_RATE_LIMIT_PER_MINUTE: '1000000',
      EMAIL_RATE_LIMIT_PER_MINUTE: '1000000',
      ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    PORT,
  );
  try {
    const base = server.url;
    const picture = await sharp({
      create: { width: 1024, height: 1024, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    const clients = [];
    for (let n = 1; n <= CLIENTS; n += 1) clients.push(await clientWithAvatar(base, n, picture));

    await signInTimes(base, 5); // warm-up
    const idle = p95(await signInTimes(base, SIGN_INS));

    let running = true;
    let variantsServed = 0;
    const queries = variantQueries();
    const load = clients.map(async ({ token, image }, c) => {
      // Each client walks its own picture's variants from a different starting point: all uncached.
      for (let i = 0; running; i += 1) {
        const query = queries[(c * 7 + i) % queries.length];
        const res = await fetch(`${base}${image}?${query}`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`variant ${query}: ${res.status}`);
        variantsServed += 1;
      }
    });
    // Let the variant requests pile up before measuring.
    await new Promise((r) => setTimeout(r, 1000));
    const started = performance.now();
    const servedBefore = variantsServed;
    const loaded = p95(await signInTimes(base, SIGN_INS));
    const served = variantsServed - servedBefore;
    const seconds = (performance.now() - started) / 1000;
    running = false;
    await Promise.all(load);

    report('avatar_load_signin_p95_idle_ms', idle, 'ms');
    report('avatar_load_signin_p95_ms', loaded, 'ms', '<= 2x idle');
    report('avatar_load_signin_p95_ratio', loaded / idle, 'x', '<= 2');
    console.log(
      `avatar load: ${served} variants served to ${CLIENTS} clients in ${seconds.toFixed(1)} s of sign-ins (${(served / seconds).toFixed(1)}/s)`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node --import tsx tests/bench/avatar-load.ts` runs it alone.
if (isMain(import.meta.url)) {
  const { buildIfNeeded } = await import('../../server/build-if-needed.ts');
  const { bundleServerIfNeeded } = await import('../../server/prepare.ts');
  await buildIfNeeded((message) => console.log(message));
  await bundleServerIfNeeded();
  await benchAvatarLoad();
}
