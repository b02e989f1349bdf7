import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VisaLetter } from '#shared/contracts/account.ts';
import { countries, passes, visaLetters } from '../../db/schema/index.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { createRegistrant } from '../../testing/registrant.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { VISA_MESSAGES } from './rules.ts';

// The reference's random digits, steerable to force a clash with another letter's reference.
const random = vi.hoisted(() => ({ forced: [] as number[] }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, randomInt: (...args: [number]) => random.forced.shift() ?? actual.randomInt(...args) };
});

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;
let t: TestApp;
let attendee: Headers;
let vip: Headers;
let india: number;

beforeAll(async () => {
  t = await createTestApp();
  attendee = await t.login('attendee@demo.cloudfest.example');
  vip = await t.login('vip@demo.cloudfest.example');
  const [country] = await t.database.db.select().from(countries).where(eq(countries.code, 'IN'));
  india = country?.id ?? 0;
});
afterAll(async () => t?.close());

const get = (url: string, headers?: Headers) => t.app.inject({ method: 'GET', url, headers });
const post = (payload: unknown, headers: Headers = attendee) =>
  t.app.inject({ method: 'POST', url: '/api/visa-letter', headers, payload: payload as object });
const valid = () => ({
  fullName: ' Priya Raghunathan ',
  passportNumber: ' z1234567 ',
  nationalityId: india,
  dateOfBirth: '1990-07-14',
  passportExpiry: '2031-01-31',
  embassyCity: 'New Delhi',
});

describe('GET and POST /api/visa-letter', () => {
  let first: VisaLetter;

  it('answers null before a letter exists', async () => {
    const res = await get('/api/visa-letter', attendee);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it('creates the letter (201) with a CF26-VISA reference, trimmed name and upper-case passport number', async () => {
    const res = await post(valid());
    expect(res.statusCode).toBe(201);
    first = res.json() as VisaLetter;
    expect(first).toMatchObject({
      fullName: 'Priya Raghunathan',
      passportNumber: 'Z1234567',
      nationalityId: india,
      dateOfBirth: '1990-07-14',
      passportExpiry: '2031-01-31',
      embassyCity: 'New Delhi',
    });
    expect(first.reference).toMatch(/^CF26-VISA-\d{6}$/);
    expect((await get('/api/visa-letter', attendee)).json()).toEqual(first);
  });

  it('replaces it (200): same letter and reference, new data', async () => {
    const res = await post({ ...valid(), embassyCity: 'Mumbai' });
    expect(res.statusCode).toBe(200);
    const replaced = res.json() as VisaLetter;
    expect(replaced).toMatchObject({ id: first.id, reference: first.reference, embassyCity: 'Mumbai' });
    expect(Date.parse(replaced.updatedAt)).toBeGreaterThan(Date.parse(replaced.createdAt));
    expect(await t.database.db.select().from(visaLetters)).toHaveLength(1);
  });

  it('needs an approved pass (403), and shows nobody else’s letter', async () => {
    const pending = await t.login('pending@demo.cloudfest.example');
    const res = await post(valid(), pending);
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().detail).toBe(VISA_MESSAGES.needsApprovedPass);
    expect((await get('/api/visa-letter', pending)).json()).toBeNull();
    expect((await get('/api/visa-letter', vip)).json()).toBeNull();
  });

  it('checks nationality, date of birth, age and passport validity, reporting every field', async () => {
    const res = await post({ ...valid(), nationalityId: 999_999, dateOfBirth: '2099-01-01', passportExpiry: '2026-06-25' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'nationalityId', message: VISA_MESSAGES.unknownNationality },
      { path: 'dateOfBirth', message: VISA_MESSAGES.birthInFuture },
      { path: 'passportExpiry', message: 'Your passport must be valid for at least three months after the event.' },
    ]);
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 13);
    const tooYoung = await post({ ...valid(), dateOfBirth: young.toISOString().slice(0, 10) });
    expect(tooYoung.json().errors).toEqual([{ path: 'dateOfBirth', message: VISA_MESSAGES.tooYoung }]);
    const unreal = await post({ ...valid(), dateOfBirth: '1990-02-30', passportExpiry: '2031-13-01' });
    expect(unreal.statusCode).toBe(400);
    expect(unreal.json().errors).toEqual([
      { path: 'dateOfBirth', message: VISA_MESSAGES.invalidDate },
      { path: 'passportExpiry', message: VISA_MESSAGES.invalidDate },
    ]);
    // The event ends on 2026-03-26: exactly three months later is enough.
    expect((await post({ ...valid(), passportExpiry: '2026-06-26' })).statusCode).toBe(200);
  });

  it('answers 4xx, never 500, to bad input', async () => {
    const cases: [string, unknown][] = [
      ['empty', {}],
      ['wrong types', { ...valid(), nationalityId: 'IN', dateOfBirth: 19900714 }],
      ['not a date', { ...valid(), dateOfBirth: '14.07.1990' }],
      ['passport number with symbols', { ...valid(), passportNumber: 'AB-12/34' }],
      ['blank name', { ...valid(), fullName: '   ' }],
      ['negative nationality', { ...valid(), nationalityId: -1 }],
      ['huge nationality', { ...valid(), nationalityId: 2 ** 40 }],
      ['year zero', { ...valid(), dateOfBirth: '0000-01-01' }],
      ['array', [valid()]],
    ];
    for (const [what, payload] of cases) {
      const res = await post(payload);
      expect(res.statusCode, what).toBe(400);
      expect(res.headers['content-type'], what).toContain('application/problem+json');
    }
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/visa-letter',
      headers: { ...attendee, 'content-type': 'application/json' },
      payload: '{"fullName":',
    });
    expect(badJson.statusCode).toBe(400);
    expect((await post({ ...valid(), embassyCity: 'x'.repeat(300_000) })).statusCode).toBe(413);
    expect((await post(valid(), {})).statusCode).toBe(401);
  });

  it('gives every letter its own reference, drawing again on a clash', async () => {
    const taken = Number((await get('/api/visa-letter', attendee)).json().reference.slice(-6));
    random.forced.push(taken, 4242);
    const res = await post({ ...valid(), fullName: 'Maximilian Vip' }, vip);
    expect(res.statusCode).toBe(201);
    expect(res.json().reference).toBe('CF26-VISA-004242');
  });
});

describe('GET /api/visa-letter/{id}/pdf', () => {
  let letter: VisaLetter;
  beforeAll(async () => {
    letter = (await post({ ...valid(), embassyCity: 'New Delhi' })).json() as VisaLetter;
  });

  it('sends the letter as a PDF named by its reference, with the applicant, embassy, event and hotel', async () => {
    const res = await get(`/api/visa-letter/${letter.id}/pdf`, attendee);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${letter.reference}.pdf"`);
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    const text = pdfText(res.rawPayload);
    const flowing = text.replaceAll('\n', ' ');
    for (const expected of [
      'Priya Raghunathan',
      'Z1234567',
      'India',
      '14 July 1990',
      '31 January 2031',
      'from 24 March 2026 to 26 March 2026',
      'Europa-Park',
      'CloudFest 2026',
      'Standard Pass',
      letter.reference,
      'Yours faithfully,',
    ]) {
      expect(text).toContain(expected);
    }
    expect(flowing).toContain('To the Embassy / Consulate General of the Federal Republic of Germany in New Delhi');
    expect(flowing).toContain('costs of travel, accommodation and stay in Germany are borne by the participant');
    expect(flowing).toContain('does not imply any financial obligation');
    // The demo attendee's confirmed hotel booking.
    expect(flowing).toMatch(/confirmed hotel booking at .+ from \d+ \w+ 2026 to \d+ \w+ 2026/);
  });

  it('works as a plain link with the HttpOnly session cookie', async () => {
    const token = attendee.authorization?.slice('Bearer '.length) ?? '';
    const res = await get(`/api/visa-letter/${letter.id}/pdf`, { cookie: `session=${token}` });
    expect(res.statusCode).toBe(200);
  });

  it('is the owner’s only: another user’s letter id is 404, as is an unknown one', async () => {
    const res = await get(`/api/visa-letter/${letter.id}/pdf`, vip);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect((await get('/api/visa-letter/00000000-0000-4000-8000-000000000000/pdf', attendee)).statusCode).toBe(404);
    expect((await get('/api/visa-letter/not-a-uuid/pdf', attendee)).statusCode).toBe(400);
    expect((await get(`/api/visa-letter/${letter.id}/pdf`)).statusCode).toBe(401);
  });

  it('is not issued once the pass is no longer approved', async () => {
    const { user, headers } = await createRegistrant(t.database.db, {
      email: 'visa-then-cancelled@company.example',
      passStatus: 'approved',
      scope: 'full',
    });
    const created = (await post(valid(), headers)).json() as VisaLetter;
    await t.database.db.update(passes).set({ status: 'cancelled' }).where(eq(passes.userId, user.id));
    const res = await get(`/api/visa-letter/${created.id}/pdf`, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(VISA_MESSAGES.needsApprovedPass);
  });
});
