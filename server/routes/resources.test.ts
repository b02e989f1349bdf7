import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventConfigSchema } from '#shared/contracts/index.ts';
import { MESSAGES } from '#shared/messages.ts';
import { createTestApp } from '../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let attendee: Record<string, string>;
let pending: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  attendee = await t.login('attendee@demo.cloudfest.example');
  pending = await t.login('pending@demo.cloudfest.example');
});
afterAll(async () => t?.close());

const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('public data', () => {
  it('serves the event config, countries and news', async () => {
    expect(eventConfigSchema.parse((await get('/api/config')).json()).name).toContain('2026');
    const countries = (await get('/api/country')).json() as { code: string; isEu: boolean }[];
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(countries.filter((c) => c.isEu)).toHaveLength(27);
    expect((await get('/api/news')).json().length).toBeGreaterThan(0);
  });

  it('sends the countdown phases with their Europe/Berlin instants', async () => {
    const { countdownPhases } = (await get('/api/config')).json() as {
      countdownPhases: { name: string; startsAt: string; endsAt: string }[];
    };
    expect(countdownPhases.find((p) => p.name === 'Cyber Week Special')).toMatchObject({
      startsAt: '2022-11-29T07:00:00.000Z',
      endsAt: '2022-12-02T22:59:59.000Z',
    });
  });

  it('sends strict security headers: the helmet set on documents, the REST set on JSON', async () => {
    const page = await get('/sign-in');
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');

    const api = await get('/api/health');
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('DENY');
  });

  it('marks per-user answers private so no shared cache keeps them', async () => {
    expect((await get('/api/user/', attendee)).headers['cache-control']).toBe('private, no-cache');
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/user/login');
  });
});

describe('signed-in data', () => {
  it('needs a token', async () => {
    for (const url of ['/api/user/', '/api/pass', '/api/booking', '/api/survey', '/api/address/?type=billingAddress']) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });

  it('returns the pass with its type, approved or pending', async () => {
    expect((await get('/api/pass', attendee)).json()).toMatchObject({
      status: 'approved',
      passType: { name: expect.any(String) },
    });
    expect((await get('/api/pass', pending)).json()).toMatchObject({ status: 'pending' });
  });

  it('ignores trailing slashes', async () => {
    expect((await get('/api/pass/', attendee)).statusCode).toBe(200);
    expect((await get('/api/survey/questions', attendee)).statusCode).toBe(200);
  });

  it('returns extended bookings', async () => {
    const [booking] = (await get('/api/booking?extended=true', attendee)).json();
    expect(booking).toMatchObject({ accommodationName: expect.any(String), roomName: expect.any(String) });
    expect((await get('/api/booking?extended=maybe', attendee)).statusCode).toBe(400);
  });
});

describe('address', () => {
  it('creates, updates and deletes the own billing address; another user gets 404', async () => {
    expect((await get('/api/address/?type=billingAddress', pending)).json()).toBeNull();
    const body = { type: 'billingAddress', addressLine1: 'Hauptstraße 1', zip: '77977', city: 'Rust', countryId: 1 };
    const created = await t.app.inject({ method: 'POST', url: '/api/address/', headers: pending, payload: body });
    expect(created.statusCode).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: '/api/address/', headers: pending, payload: body });
    expect(again.statusCode).toBe(409);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/address/',
      headers: pending,
      payload: { ...body, city: 'Ringsheim' },
    });
    expect(patched.json().city).toBe('Ringsheim');

    const { id } = created.json();
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/address/${id}`, headers: attendee });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/address/${id}`, headers: pending })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/address/abc', headers: pending })).statusCode).toBe(400);
  });

  it('rejects an unknown country and a wrong type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/address/',
      headers: pending,
      payload: { type: 'billingAddress', countryId: 999999 },
    });
    expect(res.statusCode).toBe(400);
    expect((await get('/api/address/?type=shipping', pending)).statusCode).toBe(400);
  });
});

describe('survey', () => {
  it('validates answers against the questions and keeps createdAt on update', async () => {
    const questions = (await get('/api/survey/questions/', pending)).json() as {
      id: number;
      kind: string;
      options: string[];
      maxSelections: number | null;
      required: boolean;
    }[];
    const multiple = questions.find((q) => q.kind === 'multiple' && q.maxSelections);
    if (!multiple?.maxSelections) throw new Error('seed lacks a multiple-choice question with a maximum');
    const tooMany = multiple.options.slice(0, multiple.maxSelections + 1);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/survey/',
      headers: pending,
      payload: { answers: [{ questionId: multiple.id, value: tooMany }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(MESSAGES.maxSelections(multiple.maxSelections));
    // The same rule in German, its number included (src/shared/validation.ts words it for the request's language).
    const german = await t.app.inject({
      method: 'POST',
      url: '/api/survey/',
      headers: { ...pending, 'accept-language': 'de' },
      payload: { answers: [{ questionId: multiple.id, value: tooMany }] },
    });
    expect(german.json().errors[0].message).toBe(`Bitte wählen Sie höchstens ${multiple.maxSelections} Optionen aus.`);

    const required = questions.find((q) => q.required);
    if (!required) throw new Error('seed lacks a required question');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/survey/',
      headers: pending,
      payload: { answers: [{ questionId: required.id, value: [] }] },
    });
    expect(empty.json().errors[0].message).toBe(MESSAGES.questionRequired);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/survey/',
      headers: pending,
      payload: { answers: [{ questionId: multiple.id, value: multiple.options.slice(0, 1) }] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/survey/',
      headers: pending,
      payload: { answers: [{ questionId: 99999, value: 'x' }] },
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('profiles', () => {
  it('returns a public profile and 404 for an unknown uuid', async () => {
    const me = (await get('/api/user/', attendee)).json();
    expect((await get(`/api/user/profile/${me.uuid}`, pending)).json()).toMatchObject({ firstName: me.firstName });
    expect((await get('/api/user/profile/00000000-0000-4000-8000-000000000000', pending)).statusCode).toBe(404);
    expect((await get('/api/user/profile/not-a-uuid', pending)).statusCode).toBe(400);
  });
});
