import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the few Stripe API endpoints the app calls, so the real `stripe` client
 * library can be tested without the network (STRIPE_API_URL points the SDK here):
 *
 * - POST /v1/checkout/sessions   creates a Checkout Session (form-encoded, as the SDK sends it)
 * - GET  /v1/checkout/sessions/:id
 * - POST /v1/refunds             refunds (part of) a paid session's payment intent
 *
 * Answers have the shape of Stripe's objects (only the fields that matter here), errors Stripe's
 * `{ error: { type, code, message } }`, and an Idempotency-Key replays its first answer as Stripe
 * does. `pay` and `expire` play the payer and the clock on the hosted page; `event` builds the
 * webhook payload Stripe would send for a session (the tests sign it).
 */

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  url: string | null;
  /** Not part of Stripe's object: what the line item said, for the tests to read. */
  line_items_sent: { name: string; description: string | null; currency: string; unit_amount: number; quantity: number }[];
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: null;
  status: 'succeeded';
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  params: Record<string, string>;
}

export interface FakeStripe {
  /** For STRIPE_API_URL. */
  url: string;
  sessions: Map<string, FakeCheckoutSession>;
  /** Refunds actually made (an idempotent replay adds none). */
  refunds: FakeRefund[];
  requests: FakeStripeRequest[];
  /** The payer pays on the hosted page: the session completes with a payment intent. */
  pay(sessionId: string): FakeCheckoutSession;
  /** The session's time runs out unpaid. */
  expire(sessionId: string): FakeCheckoutSession;
  /** A webhook event for a session, as Stripe would POST it (JSON text, to be signed). */
  event(type: string, session: FakeCheckoutSession): { id: string; payload: string };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url')}`;
const now = () => Math.floor(Date.now() / 1000);

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

const missing = (what: string, value: string) =>
  new StripeApiError(404, 'invalid_request_error', 'resource_missing', `No such ${what}: '${value}'`);
const invalid = (message: string) => new StripeApiError(400, 'invalid_request_error', 'parameter_invalid', message);

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function requiredInt(params: Record<string, string>, key: string): number {
  const value = Number(params[key]);
  if (!Number.isInteger(value) || value <= 0) throw invalid(`Invalid positive integer: ${key}`);
  return value;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeCheckoutSession>();
  const refunds: FakeRefund[] = [];
  const requests: FakeStripeRequest[] = [];
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();

  function createSession(params: Record<string, string>): FakeCheckoutSession {
    if (params.mode !== 'payment') throw invalid('Only mode=payment is faked');
    if (!params.success_url) throw invalid('Missing required param: success_url.');
    const lineItems: FakeCheckoutSession['line_items_sent'] = [];
    for (let i = 0; params[`line_items[${i}][quantity]`] !== undefined; i++) {
      const item = (key: string) => params[`line_items[${i}][price_data]${key}`];
      lineItems.push({
        name: item('[product_data][name]') ?? '',
        description: item('[product_data][description]') ?? null,
        currency: item('[currency]') ?? '',
        unit_amount: requiredInt(params, `line_items[${i}][price_data][unit_amount]`),
        quantity: requiredInt(params, `line_items[${i}][quantity]`),
      });
    }
    if (lineItems.length === 0) throw invalid('Missing required param: line_items.');
    const currencies = new Set(lineItems.map((item) => item.currency));
    if (currencies.size !== 1) throw invalid('All line items must share one currency.');
    const total = lineItems.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
    const metadata = Object.fromEntries(
      Object.entries(params)
        .filter(([key]) => key.startsWith('metadata['))
        .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
    );
    const sessionId = id('cs');
    const session: FakeCheckoutSession = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: now(),
      currency: [...currencies][0] ?? 'eur',
      customer: null,
      customer_email: params.customer_email ?? null,
      expires_at: params.expires_at ? Number(params.expires_at) : now() + 24 * 3600,
      livemode: false,
      metadata,
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url,
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      line_items_sent: lineItems,
    };
    sessions.set(sessionId, session);
    return session;
  }

  function refund(params: Record<string, string>): FakeRefund {
    const paymentIntent = params.payment_intent;
    if (!paymentIntent) throw invalid('Missing required param: payment_intent.');
    const session = [...sessions.values()].find((candidate) => candidate.payment_intent === paymentIntent);
    if (!session) throw missing('payment_intent', paymentIntent);
    const already = refunds.filter((r) => r.payment_intent === paymentIntent).reduce((sum, r) => sum + r.amount, 0);
    const amount = params.amount === undefined ? session.amount_total - already : requiredInt(params, 'amount');
    if (amount + already > session.amount_total) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'charge_already_refunded',
        `Refund amount (€${amount / 100}) is greater than unrefunded amount on charge (€${(session.amount_total - already) / 100})`,
      );
    }
    const made: FakeRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: `ch_for_${paymentIntent}`,
      created: now(),
      currency: session.currency,
      metadata: {},
      payment_intent: paymentIntent,
      reason: null,
      status: 'succeeded',
    };
    refunds.push(made);
    return made;
  }

  function route(method: string, path: string, params: Record<string, string>): unknown {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(params);
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve?.[1]) {
      const sessionId = decodeURIComponent(retrieve[1]);
      const session = sessions.get(sessionId);
      if (!session) throw missing('checkout.session', sessionId);
      return session;
    }
    if (method === 'POST' && path === '/v1/refunds') return refund(params);
    throw new StripeApiError(404, 'invalid_request_error', null, `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const body = await readBody(request);
    const params = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? url.search : body));
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const method = request.method ?? 'GET';
    requests.push({ method, path: url.pathname, authorization: request.headers.authorization, idempotencyKey, params });

    let status = 200;
    let answer: unknown;
    const replay = method === 'POST' && idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (replay && replay.body !== body) {
      status = 400;
      answer = {
        error: {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
        },
      };
    } else if (replay) {
      ({ status, answer } = replay);
    } else {
      try {
        if (!request.headers.authorization?.startsWith('Bearer sk_')) {
          throw new StripeApiError(401, 'invalid_request_error', null, 'Invalid API Key provided.');
        }
        answer = route(method, url.pathname, params);
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        status = error.status;
        answer = { error: { type: error.type, code: error.code ?? undefined, message: error.message } };
      }
      if (method === 'POST' && idempotencyKey) idempotent.set(idempotencyKey, { body, status, answer });
    }
    const text = JSON.stringify(answer);
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': id('req'),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    });
    response.end(text);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const sessionOf = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe has no session ${sessionId}`);
    return session;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    refunds,
    requests,
    pay(sessionId) {
      const session = sessionOf(sessionId);
      if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi'), url: null });
      return session;
    },
    expire(sessionId) {
      const session = sessionOf(sessionId);
      if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`);
      Object.assign(session, { status: 'expired', url: null });
      return session;
    },
    event(type, session) {
      const eventId = id('evt');
      const { line_items_sent: _sent, ...object } = session;
      const payload = JSON.stringify(
        {
          id: eventId,
          object: 'event',
          api_version: '2025-01-01',
          created: now(),
          data: { object },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type,
        },
        null,
        2,
      );
      return { id: eventId, payload };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
