import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarUrl } from '#shared/avatar.ts';
import { AVATAR_MAX_BYTES } from '#shared/contracts/account.ts';
import type { User } from '#shared/contracts/index.ts';
import { images, users } from '../../db/schema/index.ts';
import { UNREADABLE_PICTURE } from '../../services/images/avatar-images.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { AVATAR_TOO_LARGE, AVATAR_WRONG_TYPE } from './avatar.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;
let t: TestApp;
let owner: Headers;
let other: Headers;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login('attendee@demo.cloudfest.example');
  other = await t.login('attendee001@demo.cloudfest.example');
  ownerId = (await get('/api/user/', owner)).json().uuid;
});
afterAll(async () => t?.close());

const get = (url: string, headers?: Headers) => t.app.inject({ method: 'GET', url, headers });
const upload = (body: Buffer | string, contentType: string | undefined, headers: Headers = owner) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/avatar',
    headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) },
    payload: body,
  });

/** A plain-colour test picture. */
const picture = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 20 } } })
    .toFormat(format)
    .toBuffer();
const imageIdOf = (user: User) => user.image?.split('/').pop() ?? '';
const sizeOf = async (bytes: Buffer) => {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width, height: meta.height, format: meta.format, exif: meta.exif };
};

describe('POST /api/user/avatar', () => {
  it('stores a normalised WebP of at most 1024 px and answers the user with its URL', async () => {
    const res = await upload(await picture(3000, 1500), 'image/png');
    expect(res.statusCode).toBe(200);
    const user = res.json() as User;
    expect(user.uuid).toBe(ownerId);
    expect(user.image).toMatch(/^\/api\/image\/[0-9a-f-]{36}$/);
    const [row] = await t.database.db
      .select()
      .from(images)
      .where(eq(images.id, imageIdOf(user)));
    expect(row).toMatchObject({ userId: ownerId, contentType: 'image/webp', width: 1024, height: 512 });
    expect(await sizeOf(row?.data ?? Buffer.alloc(0))).toMatchObject({ width: 1024, height: 512, format: 'webp' });
    // The session cache answers the new picture at once.
    expect((await get('/api/user/', owner)).json().image).toBe(user.image);
  });

  it('turns a photo upright by its EXIF orientation and drops its metadata', async () => {
    const sideways = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: 'Secret Camera Owner' } })
      .toBuffer();
    expect((await sizeOf(sideways)).exif).toBeDefined();
    const res = await upload(sideways, 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(images)
      .where(eq(images.id, imageIdOf(res.json())));
    const stored = await sizeOf(row?.data ?? Buffer.alloc(0));
    expect(stored).toMatchObject({ width: 20, height: 40, format: 'webp' });
    expect(stored.exif).toBeUndefined();
  });

  it('accepts WebP, replaces the previous picture and deletes its row', async () => {
    const first = (await upload(await picture(64, 64, 'jpeg'), 'image/jpeg')).json() as User;
    const second = await upload(await picture(80, 60, 'webp'), 'image/webp; charset=binary');
    expect(second.statusCode).toBe(200);
    const user = second.json() as User;
    expect(user.image).not.toBe(first.image);
    const rows = await t.database.db.select({ id: images.id }).from(images).where(eq(images.userId, ownerId));
    expect(rows.map((r) => r.id)).toEqual([imageIdOf(user)]);
    expect((await get(first.image ?? '', owner)).statusCode).toBe(404);
  });

  it('answers 415 for anything but JPEG, PNG or WebP, before reading the body', async () => {
    for (const type of ['application/json', 'text/plain', 'image/gif', 'image/svg+xml', 'multipart/form-data; boundary=x']) {
      const res = await upload('{"a":1}', type);
      expect(res.statusCode, type).toBe(415);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().detail).toBe(AVATAR_WRONG_TYPE);
    }
    expect((await upload(await picture(10, 10), undefined)).statusCode).toBe(415);
  });

  it('answers 413 with the limit for a body over 5 MB', async () => {
    const res = await upload(Buffer.alloc(AVATAR_MAX_BYTES + 1, 1), 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().detail).toBe(AVATAR_TOO_LARGE);
    expect(AVATAR_TOO_LARGE).toContain('5 MB');
  });

  it('answers 400 for bytes that are not a readable picture', async () => {
    const png = await picture(50, 50);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const bodies: [string, Buffer][] = [
      ['random bytes', Buffer.from('definitely not a picture, just text')],
      ['truncated PNG', png.subarray(0, 60)],
      ['a GIF labelled PNG', gif],
      ['an SVG labelled PNG', svg],
      ['empty', Buffer.alloc(0)],
    ];
    for (const [what, body] of bodies) {
      const res = await upload(body, 'image/png');
      expect(res.statusCode, what).toBe(400);
      expect(res.json().detail, what).toBe(UNREADABLE_PICTURE);
    }
  });

  it('refuses a decompression bomb (a tiny file claiming a huge picture) with 400, not a crash', async () => {
    // A real 1×1 PNG whose header is rewritten to claim 20000×20000 pixels (400 MP).
    const bomb = Buffer.from(await picture(1, 1));
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    expect(bomb.length).toBeLessThan(AVATAR_MAX_BYTES);
    expect((await upload(bomb, 'image/png')).statusCode).toBe(400);
  });

  it('needs a full sign-in, and never a cookie on POST', async () => {
    expect((await upload(await picture(10, 10), 'image/png', {})).statusCode).toBe(401);
    const token = owner.authorization?.slice('Bearer '.length) ?? '';
    expect((await upload(await picture(10, 10), 'image/png', { cookie: `session=${token}` })).statusCode).toBe(401);
  });
});

describe('GET /api/image/{id}', () => {
  let image: string;
  beforeAll(async () => {
    image = ((await upload(await picture(300, 200), 'image/png')).json() as User).image ?? '';
  });

  it('renders the avatar variant (56×56 crop at dpr 2 → 112×112), cacheable for good', async () => {
    const url = avatarUrl(image) ?? '';
    expect(url).toContain('width=56');
    const res = await get(url, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^".+"$/);
    expect(await sizeOf(res.rawPayload)).toMatchObject({ width: 112, height: 112, format: 'webp' });
    // Served again from the variant cache: same bytes.
    expect((await get(url, owner)).rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const url = `${image}?width=56&height=56&fit=crop&dpr=2`;
    const { etag } = (await get(url, owner)).headers;
    const res = await get(url, { ...owner, 'if-none-match': String(etag) });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
    const otherVariant = await get(`${image}?width=40`, { ...owner, 'if-none-match': String(etag) });
    expect(otherVariant.statusCode).toBe(200);
  });

  it('fits inside the box with contain, and serves the stored picture without a query', async () => {
    expect(await sizeOf((await get(`${image}?width=112&height=112&fit=contain`, owner)).rawPayload)).toMatchObject({
      width: 112,
      height: 75,
    });
    // Sizes are fixed: 150 is served at the next fixed size, 168.
    expect(await sizeOf((await get(`${image}?width=150`, owner)).rawPayload)).toMatchObject({ width: 168, height: 112 });
    expect(await sizeOf((await get(image, owner)).rawPayload)).toMatchObject({ width: 300, height: 200 });
  });

  it('works from an <img> with the HttpOnly session cookie', async () => {
    const token = owner.authorization?.slice('Bearer '.length) ?? '';
    expect((await get(image, { cookie: `session=${token}` })).statusCode).toBe(200);
  });

  it('is the owner’s only: another user, an unknown id or no sign-in get nothing', async () => {
    const res = await get(`${image}?width=56&height=56&fit=crop&dpr=2`, other);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect((await get('/api/image/00000000-0000-4000-8000-000000000000', owner)).statusCode).toBe(404);
    expect((await get(image)).statusCode).toBe(401);
  });

  it('answers 400 to a bad id or variant query', async () => {
    expect((await get('/api/image/not-a-uuid', owner)).statusCode).toBe(400);
    for (const query of ['width=0', 'width=abc', 'width=2000', 'height=-5', 'dpr=4', 'dpr=1.5', 'fit=stretch']) {
      const res = await get(`${image}?${query}`, owner);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });
});

describe('other people’s avatars through their profile', () => {
  let image: string;
  beforeAll(async () => {
    image = ((await upload(await picture(120, 90), 'image/png')).json() as User).image ?? '';
  });

  it('GET /api/user/profile/{uuid} hands out a versioned profile image URL, never the image id URL', async () => {
    const profile = (await get(`/api/user/profile/${ownerId}`, other)).json();
    const id = image.split('/').pop() ?? '';
    expect(profile.image).toBe(`/api/user/profile/${ownerId}/image?v=${id.slice(0, 8)}`);
    expect(profile.image).not.toContain(id);
  });

  it('serves the current avatar variant to anyone signed in; immutable only with the right version', async () => {
    const { image: url } = (await get(`/api/user/profile/${ownerId}`, other)).json();
    const res = await get(avatarUrl(url) ?? '', other);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(await sizeOf(res.rawPayload)).toMatchObject({ width: 112, height: 112 });

    const unversioned = await get(`/api/user/profile/${ownerId}/image?width=56&height=56&fit=crop&dpr=2`, other);
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.headers['cache-control']).toBe('private, no-cache');
    const stale = await get(`/api/user/profile/${ownerId}/image?v=deadbeef`, other);
    expect(stale.headers['cache-control']).toBe('private, no-cache');
    expect((await get(`/api/user/profile/${ownerId}/image?width=0`, other)).statusCode).toBe(400);
  });

  it('answers 404 for a user without an avatar or an unknown user, 401 without sign-in', async () => {
    const otherId = (await get('/api/user/', other)).json().uuid;
    expect((await get(`/api/user/profile/${otherId}`, owner)).json().image).toBeNull();
    expect((await get(`/api/user/profile/${otherId}/image`, owner)).statusCode).toBe(404);
    expect((await get('/api/user/profile/00000000-0000-4000-8000-000000000000/image', owner)).statusCode).toBe(404);
    expect((await get(`/api/user/profile/${ownerId}/image`)).statusCode).toBe(401);
  });

  it('does not serve a picture that users.image does not point at', async () => {
    // Another user's image id written into a profile (it cannot happen through the API) is still not served.
    const otherImage = ((await upload(await picture(30, 30), 'image/png', other)).json() as User).image;
    const otherId = (await get('/api/user/', other)).json().uuid;
    await t.database.db.update(users).set({ image: image }).where(eq(users.id, otherId));
    expect((await get(`/api/user/profile/${otherId}/image`, owner)).statusCode).toBe(404);
    await t.database.db.update(users).set({ image: otherImage }).where(eq(users.id, otherId));
  });
});

describe('DELETE /api/user/avatar', () => {
  it('removes the picture: user image null, row gone, URLs 404', async () => {
    const { image } = (await upload(await picture(40, 40), 'image/png')).json() as User;
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user/avatar', headers: owner });
    expect(res.statusCode).toBe(200);
    expect((res.json() as User).image).toBeNull();
    expect((await get('/api/user/', owner)).json().image).toBeNull();
    expect(await t.database.db.select().from(images).where(eq(images.userId, ownerId))).toEqual([]);
    expect((await get(image ?? '', owner)).statusCode).toBe(404);
    expect((await get(`/api/user/profile/${ownerId}`, other)).json().image).toBeNull();
    expect((await get(`/api/user/profile/${ownerId}/image`, other)).statusCode).toBe(404);
  });

  it('is harmless without a picture and needs a sign-in', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/avatar', headers: owner })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/avatar' })).statusCode).toBe(401);
  });
});
