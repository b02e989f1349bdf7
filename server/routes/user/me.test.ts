import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#shared/contracts/index.ts';
import { createRegistrant } from '../../testing/registrant.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;
let t: TestApp;
let attendee: Headers;
let vendor: Headers;

beforeAll(async () => {
  t = await createTestApp();
  attendee = await t.login('attendee@demo.cloudfest.example');
  vendor = await t.login('vendor@demo.cloudfest.example');
});
afterAll(async () => t?.close());

const get = (url: string, headers?: Headers) => t.app.inject({ method: 'GET', url, headers });
const patch = (payload: unknown, headers: Headers = attendee) =>
  t.app.inject({ method: 'PATCH', url: '/api/user/', headers, payload: payload as object });

describe('GET /api/user/', () => {
  it('answers the signed-in user', async () => {
    const res = await get('/api/user/', attendee);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.json()).toMatchObject({ email: 'attendee@demo.cloudfest.example', isLeadScanner: false });
    expect((await get('/api/user', vendor)).json()).toMatchObject({ isLeadScanner: true, tags: [{ id: 2 }] });
  });

  it('needs a full sign-in', async () => {
    expect((await get('/api/user/')).statusCode).toBe(401);
    const { headers } = await createRegistrant(t.database.db, { email: 'half-way@company.example' });
    expect((await get('/api/user/', headers)).statusCode).toBe(401);
  });
});

describe('PATCH /api/user/', () => {
  it('trims the names, answers the user and updates the cached user at once', async () => {
    expect((await get('/api/user/', attendee)).statusCode).toBe(200); // cache the user first
    const res = await patch({ firstName: '  Anna-Lena ', lastName: ' Ömer ', company: '  Hosting AG  ' });
    expect(res.statusCode).toBe(200);
    const user = res.json() as User;
    expect(user).toMatchObject({ firstName: 'Anna-Lena', lastName: 'Ömer', company: 'Hosting AG' });
    expect((await get('/api/user/', attendee)).json()).toMatchObject({ firstName: 'Anna-Lena', lastName: 'Ömer' });
  });

  it('changes only the fields sent and ignores fields that are not editable', async () => {
    const res = await patch({ lastName: 'Berger', email: 'evil@else.example', scope: ['organizer'], image: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Anna-Lena',
      lastName: 'Berger',
      email: 'attendee@demo.cloudfest.example',
      scope: [],
      image: null,
    });
    expect((await patch({ company: '' })).json().company).toBe('');
  });

  it('refuses blank or overlong names with errors on the field', async () => {
    const blank = await patch({ firstName: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.headers['content-type']).toContain('application/problem+json');
    expect(blank.json().errors).toEqual([{ path: 'firstName', message: 'Required' }]);
    const long = await patch({ lastName: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].path).toBe('lastName');
    expect((await get('/api/user/', attendee)).json().lastName).toBe('Berger');
  });

  it('answers 4xx, never 500, to bad input', async () => {
    for (const payload of [{ firstName: 5 }, { lastName: null }, { company: ['a'] }, []]) {
      const res = await patch(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const badJson = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/',
      headers: { ...attendee, 'content-type': 'application/json' },
      payload: '{"firstName": "A"',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.headers['content-type']).toContain('application/problem+json');
    expect((await patch({ company: 'x'.repeat(300_000) })).statusCode).toBe(413);
    const text = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/',
      headers: { ...attendee, 'content-type': 'image/png' },
      payload: 'abc',
    });
    expect(text.statusCode).toBe(415);
  });

  it('needs a bearer sign-in: the cookie alone does not write', async () => {
    expect((await patch({ firstName: 'X' }, {})).statusCode).toBe(401);
    const token = attendee.authorization?.slice('Bearer '.length) ?? '';
    expect((await patch({ firstName: 'X' }, { cookie: `session=${token}` })).statusCode).toBe(401);
  });
});

describe('GET /api/user/profile/{uuid}', () => {
  it('answers the public card of another user', async () => {
    const { uuid } = (await get('/api/user/', attendee)).json() as User;
    const res = await get(`/api/user/profile/${uuid}`, vendor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ uuid, firstName: 'Anna-Lena', lastName: 'Berger', image: null });
  });

  it('answers 404 for an unknown user, 400 for a malformed id, 401 without sign-in', async () => {
    expect((await get('/api/user/profile/00000000-0000-4000-8000-000000000000', vendor)).statusCode).toBe(404);
    expect((await get('/api/user/profile/12345', vendor)).statusCode).toBe(400);
    expect((await get('/api/user/profile/00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
  });
});
