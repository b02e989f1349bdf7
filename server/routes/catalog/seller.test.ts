import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerSchema } from '#shared/contracts/seller.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let configured: TestApp;

beforeAll(async () => {
  configured = await createTestApp({
    SELLER_NAME: 'Example Events GmbH',
    SELLER_STREET: 'Hafenstraße 12',
    SELLER_POSTCODE: '20457',
    SELLER_CITY: 'Hamburg',
    SELLER_VAT_ID: 'de 999 999 999',
    SELLER_MANAGING_DIRECTORS: 'Erika Muster, Max Mustermann',
  });
});
afterAll(async () => configured?.close());

describe('GET /api/seller', () => {
  it('answers the configured seller, the one of the invoices, to anyone', async () => {
    const res = await configured.app.inject({ method: 'GET', url: '/api/seller' });
    expect(res.statusCode).toBe(200);
    expect(sellerSchema.parse(res.json())).toMatchObject({
      name: 'Example Events GmbH',
      street: 'Hafenstraße 12',
      postcode: '20457',
      city: 'Hamburg',
      countryCode: 'DE',
      vatId: 'DE999999999',
      managingDirectors: ['Erika Muster', 'Max Mustermann'],
    });
  });

  it('may be kept by shared caches for a few minutes, like the other public data', async () => {
    const res = await configured.app.inject({ method: 'GET', url: '/api/seller' });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers other methods with problem details', async () => {
    const res = await configured.app.inject({ method: 'POST', url: '/api/seller', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
