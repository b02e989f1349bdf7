import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../testing/session.ts';
import { settledPaymentSession } from './payment.ts';

const order = {
  id: '0b5c3c1e-8a47-4c1e-9b9e-4f1f0c6f2a11',
  kind: 'registration',
  status: 'open',
  lines: [],
  net: 10000,
  vatBreakdown: [{ category: 'S', basisPoints: 1900, net: 10000, vat: 1900 }],
  vat: 1900,
  gross: 11900,
  passStatus: 'pending',
  invoiceNumber: null,
};
let answers: string[];
let asked = 0;

beforeEach(() => {
  vi.useFakeTimers();
  asked = 0;
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('location', { origin: 'http://app.test', protocol: 'http:' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const status = answers[Math.min(asked++, answers.length - 1)];
      const body = { paymentSessionId: 'cs_1', status, order: { ...order, status: status === 'succeeded' ? 'paid' : 'open' } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the payment session after the provider sends the browser back', () => {
  it('asks again while the provider has not confirmed, until it has', async () => {
    answers = ['open', 'open', 'succeeded'];
    const session = settledPaymentSession('cs_1');
    await vi.runAllTimersAsync();
    await expect(session).resolves.toMatchObject({ status: 'succeeded', order: { status: 'paid' } });
    expect(asked).toBe(3);
  });

  it('reports it open after a few tries, and asks once when it is settled', async () => {
    answers = ['open'];
    const open = settledPaymentSession('cs_1');
    await vi.runAllTimersAsync();
    await expect(open).resolves.toMatchObject({ status: 'open' });
    expect(asked).toBe(5);
    asked = 0;
    answers = ['failed'];
    await expect(settledPaymentSession('cs_1')).resolves.toMatchObject({ status: 'failed' });
    expect(asked).toBe(1);
  });
});
