import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function expectProblem(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.json()).toMatchObject({ status, title: expect.any(String) });
}

describe('GET /api/validation/email-provider', () => {
  const provider = (domain: string) =>
    t.app.inject({ method: 'GET', url: `/api/validation/email-provider?domain=${encodeURIComponent(domain)}` });

  it('flags gray-listed free-mail providers, in any case and with a trailing dot', async () => {
    for (const domain of ['gmail.com', 'GMX.de', ' web.de ', 'outlook.com.']) {
      const res = await provider(domain);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ grayListed: true });
    }
  });

  it('does not flag business domains', async () => {
    for (const domain of ['company.example', 'mail.gmail.com.example', 'xn--mller-kva.de', 'localhost']) {
      expect((await provider(domain)).json()).toEqual({ grayListed: false });
    }
  });

  it.each([
    '',
    'a@gmail.com',
    'not a domain',
    '-gmail.com',
    'gmail..com',
    'gmail_com',
    `${'a'.repeat(64)}.com`,
    `${'abcdefgh.'.repeat(30)}com`,
  ])('answers 400 problem+json to %j', async (domain) => {
    const res = await provider(domain);
    expectProblem(res, 400);
    expect(res.json().errors[0].path).toBe('domain');
  });

  it('answers 400 problem+json without a domain', async () => {
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/validation/email-provider' }), 400);
  });
});

describe('POST /api/validation/vat-id', () => {
  const vat = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/validation/vat-id', payload: payload as object });

  it('accepts real EU VAT IDs with spaces and answers false for wrong check digits', async () => {
    for (const [countryCode, vatNumber] of [
      ['DE', '136 695 976'],
      ['at', 'U13585627'],
      ['FR', '40303265045'],
      ['NL', '004495445B01'],
      ['GR', '094014201'],
    ]) {
      const res = await vat({ countryCode, vatNumber });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: true });
    }
    expect((await vat({ countryCode: 'DE', vatNumber: '136695977' })).json()).toEqual({ valid: false });
    expect((await vat({ countryCode: 'BE', vatNumber: '0411905848' })).json()).toEqual({ valid: false });
  });

  it('answers false outside the EU', async () => {
    expect((await vat({ countryCode: 'GB', vatNumber: '980780684' })).json()).toEqual({ valid: false });
    expect((await vat({ countryCode: 'US', vatNumber: '136695976' })).json()).toEqual({ valid: false });
  });

  it.each([
    { name: 'a missing body field', payload: { countryCode: 'DE' } },
    { name: 'a three-letter country', payload: { countryCode: 'DEU', vatNumber: '136695976' } },
    { name: 'digits as country', payload: { countryCode: '12', vatNumber: '136695976' } },
    { name: 'a number that is too long', payload: { countryCode: 'DE', vatNumber: '1'.repeat(21) } },
    { name: 'a number that is too short', payload: { countryCode: 'DE', vatNumber: '1' } },
    { name: 'wrong types', payload: { countryCode: 49, vatNumber: 136695976 } },
    { name: 'an array', payload: [] },
  ])('answers 400 problem+json to $name', async ({ payload }) => {
    expectProblem(await vat(payload), 400);
  });

  it('answers 400 problem+json to malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/validation/vat-id',
      payload: '{"countryCode": "DE",',
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(res, 400);
  });
});
