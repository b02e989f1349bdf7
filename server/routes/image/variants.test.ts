import { getPriority } from 'node:os';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#shared/contracts/index.ts';
import { genericAttendeeEmail } from '../../db/seed/demo-accounts.ts';
import { IMAGE_JOB_CONCURRENCY, imageJobs, imageWorkerPid, VARIANT_SIDES } from '../../services/images/avatar-images.ts';
import { imageFiles, variants } from '../../services/images/image-serving.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;
let t: TestApp;
let owner: Headers;
/** GET URL of the owner's avatar: /api/image/{id}. */
let image: string;
let imageId: string;

/** A 1024 × 1024 picture of noise: every variant of it is real work for the encoder. */
const noise = () =>
  sharp({
    create: { width: 1024, height: 1024, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png()
    .toBuffer();

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login(genericAttendeeEmail(7));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/avatar',
    headers: { ...owner, 'content-type': 'image/png' },
    payload: await noise(),
  });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  image = (res.json() as User).image ?? '';
  imageId = image.split('/').pop() ?? '';
}, 30_000);
afterAll(async () => t?.close());

const get = (url: string, headers: Headers = owner) => t.app.inject({ method: 'GET', url, headers });
const sizeOf = async (bytes: Buffer) => {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width, height: meta.height };
};
/** The copy kept on disk of the picture or of one of its variants. */
const onDisk = (file: string) => imageFiles.get(imageId, file);

describe('avatar variants as a denial of service', () => {
  it('keeps sign-in going while 16 uncached variants are asked for, with image jobs bounded', async () => {
    // 16 different variants, none rendered yet, as an attacker cycling sizes would ask (crops up to 3072 px before).
    const big = VARIANT_SIDES.filter((side) => side >= 168);
    const queries = big
      .flatMap((w) => big.map((h) => `width=${w}&height=${h}&fit=crop`))
      .concat(big.map((w) => `width=${w}&fit=contain`))
      .slice(0, 16);
    expect(new Set(queries).size).toBe(16);
    imageJobs.resetPeak();
    const rendersBefore = imageJobs.completed;
    let answered = 0;
    const inFlight = queries.map((query) =>
      get(`${image}?${query}`).then((res) => {
        answered += 1;
        return res;
      }),
    );
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'attendee@demo.cloudfest.example', password: 'Demo-Pass-2026!' },
    });
    const answeredAtSignIn = answered;
    const results = await Promise.all(inFlight);

    expect(signIn.statusCode).toBe(200);
    // Sign-in did not queue behind the image work: most variants were still waiting when it answered.
    expect(answeredAtSignIn).toBeLessThan(8);
    expect(results.map((res) => res.statusCode)).toEqual(queries.map(() => 200));
    // Never more image jobs at once than the limit, which leaves the other worker threads to password hashing.
    expect(IMAGE_JOB_CONCURRENCY).toBeLessThanOrEqual(2);
    expect(imageJobs.peak).toBeGreaterThanOrEqual(1);
    expect(imageJobs.peak).toBeLessThanOrEqual(IMAGE_JOB_CONCURRENCY);
    expect(imageJobs.completed - rendersBefore).toBe(16);
  }, 60_000);

  it('answers a size outside the fixed set with the nearest fixed size at or above it, at most 1024 px', async () => {
    const small = await get(`${image}?width=100&height=100&fit=crop`);
    expect(small.statusCode).toBe(200);
    expect(await sizeOf(small.rawPayload)).toEqual({ width: 112, height: 112 });
    // The same variant as the client's own 56 × 56 at dpr 2: one rendering, one ETag.
    const client = await get(`${image}?width=56&height=56&fit=crop&dpr=2`);
    expect(client.headers.etag).toBe(small.headers.etag);
    // The largest query there is (1024 × 3) is the largest fixed size, not a 3072 × 3072 render.
    const largest = await get(`${image}?width=1024&height=1024&fit=crop&dpr=3`);
    expect(largest.statusCode).toBe(200);
    expect(await sizeOf(largest.rawPayload)).toEqual({ width: 1024, height: 1024 });
    const odd = await get(`${image}?width=300&height=57&fit=crop`);
    expect(await sizeOf(odd.rawPayload)).toEqual({ width: 512, height: 112 });
    // Out of the query's range stays a 400, as before.
    for (const query of ['width=0', 'width=1025', 'dpr=4']) expect((await get(`${image}?${query}`)).statusCode).toBe(400);
  });

  it('renders a variant once: concurrent asks share it, then the memory cache, then the disk serve it', async () => {
    const url = `${image}?width=56&height=56&fit=contain&dpr=3`;
    const before = imageJobs.completed;
    const first = await Promise.all(Array.from({ length: 8 }, () => get(url)));
    expect(first.map((res) => res.statusCode)).toEqual(first.map(() => 200));
    expect(imageJobs.completed - before).toBe(1);
    expect((await onDisk('168x168-contain'))?.equals(first[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true);

    const again = await get(url);
    expect(again.rawPayload.equals(first[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true);
    // As after a restart: the memory cache is empty, the disk still has it.
    variants.forget(imageId);
    const fromDisk = await get(url);
    expect(fromDisk.rawPayload.equals(again.rawPayload)).toBe(true);
    expect(imageJobs.completed - before).toBe(1);
  });

  it('renders in a worker process of its own at the lowest CPU priority, started again after it ended', async () => {
    await get(`${image}?width=256&height=56&fit=crop`);
    const pid = imageWorkerPid();
    expect(pid).toBeDefined();
    expect(pid).not.toBe(process.pid);
    expect(getPriority(pid)).toBe(19);
    // A picture that crashed libvips would end the worker, never the server: the next job gets a new one.
    process.kill(pid as number, 'SIGKILL');
    const after = await get(`${image}?width=256&height=112&fit=crop`);
    expect(after.statusCode).toBe(200);
    expect(await sizeOf(after.rawPayload)).toEqual({ width: 256, height: 112 });
    expect(imageWorkerPid()).not.toBe(pid);
  });

  it('drops the copies on disk with their picture', async () => {
    expect(await onDisk('source')).toBeDefined();
    expect(await onDisk('168x168-contain')).toBeDefined();
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user/avatar', headers: owner });
    expect(res.statusCode).toBe(200);
    expect(await onDisk('source')).toBeUndefined();
    expect(await onDisk('168x168-contain')).toBeUndefined();
    expect((await get(`${image}?width=56&height=56&fit=crop&dpr=2`)).statusCode).toBe(404);
  });
});
