import { genericAttendeeEmail } from '../../server/db/seed/demo-accounts.ts';
import { median, report } from './report.ts';
import { runStandalone } from './standalone.ts';

const DEMO_PASSWORD = 'Demo-Pass-2026!';
const ROUNDS = 10;

/** The n-th percentile (nearest rank). */
function percentile(values: readonly number[], n: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((n / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Sign-in with its locks (known device, per (account, address), per account): what a right
 * password costs from a device that signed in before, what a wrong one costs, and how fast a locked
 * address is refused (before any password is hashed, so a guesser cannot spend the server's CPU).
 */
export async function benchSignIn(baseUrl: string) {
  const email = genericAttendeeEmail(3);
  let device = '';
  async function signIn(password: string): Promise<{ ms: number; status: number }> {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(device ? { cookie: `device=${device}` } : {}) },
      body: JSON.stringify({ email, password }),
    });
    await res.arrayBuffer();
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('device='));
    if (cookie) device = cookie.slice('device='.length).split(';')[0] ?? '';
    return { ms: performance.now() - started, status: res.status };
  }

  const right: number[] = [];
  const wrong: number[] = [];
  const locked: number[] = [];
  await signIn(DEMO_PASSWORD); // the device becomes known
  for (let round = 0; round < ROUNDS; round++) {
    // Four wrong passwords (the fifth would lock the device), then the right one clears the count.
    for (let i = 0; i < 4; i++) wrong.push((await signIn(`Wrong-Guess-${round}-${i}!`)).ms);
    const ok = await signIn(DEMO_PASSWORD);
    if (ok.status !== 200) throw new Error(`sign-in answered ${ok.status}`);
    right.push(ok.ms);
  }
  // A stranger's device (no cookie) from this address: five wrong lock the address, then every try is refused.
  device = '';
  const stranger = genericAttendeeEmail(4);
  for (let i = 0; i < 5; i++) {
    await fetch(`${baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: stranger, password: `Wrong-Guess-${i}!` }),
    });
  }
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: stranger, password: DEMO_PASSWORD }),
    });
    await res.arrayBuffer();
    if (res.status !== 429) throw new Error(`a locked address answered ${res.status}`);
    locked.push(performance.now() - started);
  }
  report('sign_in_right_known_device_ms_median', median(right), 'ms');
  report('sign_in_right_known_device_ms_p95', percentile(right, 95), 'ms');
  report('sign_in_wrong_ms_median', median(wrong), 'ms');
  report('sign_in_locked_refusal_ms_median', median(locked), 'ms');
}

await runStandalone(import.meta.url, benchSignIn);
