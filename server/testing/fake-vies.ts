import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * A local stand-in for the EU's VIES REST service (POST {base}/check-vat-number), for tests and the
 * end-to-end server: a register of known VAT IDs, answers shaped like the Commission's, and switches
 * for the ways the real one fails (down, a member state unavailable, no answer at all).
 */

/** The companies the test suite plays (checkout, payment, upgrade, invoice tests): registered, so VIES confirms them. */
export const FAKE_VIES_REGISTERED: Record<string, string> = {
  ATU13585627: 'Beispiel GmbH',
  EL094259216: 'Paradeigma AE',
  NL004495445B01: 'Voorbeeld B.V.',
  PL5260250995: 'Przykład Sp. z o.o.',
};

export type FakeViesMode =
  /** Answers from the register. */
  | 'up'
  /** 500 with SERVICE_UNAVAILABLE, as during the Commission's maintenance. */
  | 'down'
  /** 200 with actionSucceed false and MS_UNAVAILABLE: the member state's register does not answer. */
  | 'ms-unavailable'
  /** Accepts the request and never answers (the client's timeout must end it). */
  | 'hang';

export interface FakeViesRequest {
  countryCode: string;
  vatNumber: string;
  requesterMemberStateCode?: string;
  requesterNumber?: string;
}

export interface FakeVies {
  /** Base URL, as VIES_URL takes it (the client appends /check-vat-number). */
  url: string;
  mode: FakeViesMode;
  /** Every check received, answered or not. */
  requests: FakeViesRequest[];
  /** Adds a VAT ID (prefix and number, no spaces) to the register. */
  register(vatId: string, name?: string): void;
  /** Takes a VAT ID off the register (the company deregistered). */
  deregister(vatId: string): void;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const failure = (error: string) => ({ actionSucceed: false, errorWrappers: [{ error }] });

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Starts the fake on a free loopback port (or `port`); `registered` defaults to FAKE_VIES_REGISTERED. */
export async function startFakeVies(options: { registered?: Record<string, string>; port?: number } = {}): Promise<FakeVies> {
  const register = new Map(Object.entries(options.registered ?? FAKE_VIES_REGISTERED));
  const sockets = new Set<Socket>();
  const fake: FakeVies = {
    url: '',
    mode: 'up',
    requests: [],
    register: (vatId, name = 'Registered Company') => {
      register.set(vatId, name);
    },
    deregister: (vatId) => {
      register.delete(vatId);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/check-vat-number') return json(res, 404, failure('NOT_FOUND'));
    const body = (await readJson(req)) as Record<string, unknown> | null;
    const request: FakeViesRequest = {
      countryCode: str(body?.countryCode) ?? '',
      vatNumber: str(body?.vatNumber) ?? '',
      requesterMemberStateCode: str(body?.requesterMemberStateCode),
      requesterNumber: str(body?.requesterNumber),
    };
    fake.requests.push(request);
    if (fake.mode === 'hang') return;
    if (fake.mode === 'down') return json(res, 500, failure('SERVICE_UNAVAILABLE'));
    if (fake.mode === 'ms-unavailable') return json(res, 200, failure('MS_UNAVAILABLE'));
    if (!/^[A-Z]{2}$/.test(request.countryCode) || !/^[0-9A-Z+*.]{2,12}$/.test(request.vatNumber)) {
      return json(res, 400, failure('INVALID_INPUT'));
    }
    const name = register.get(request.countryCode + request.vatNumber);
    // The consultation number comes only with the requester's own VAT ID.
    const requester = request.requesterMemberStateCode && request.requesterNumber;
    return json(res, 200, {
      countryCode: request.countryCode,
      vatNumber: request.vatNumber,
      requestDate: new Date().toISOString(),
      valid: name !== undefined,
      requestIdentifier: requester ? `WAPI${randomBytes(6).toString('hex').toUpperCase()}` : '',
      name: name ?? '---',
      address: name ? 'Teststraße 1\n12345 Teststadt' : '---',
      traderName: '',
      traderStreet: '',
      traderPostalCode: '',
      traderCity: '',
      traderCompanyType: '',
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

// `node --import tsx server/testing/fake-vies.ts 4174`: the end-to-end server's VIES (playwright.config.ts).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fake = await startFakeVies({ port: Number(process.argv[2] ?? 4174) });
  console.log(`fake VIES listening on ${fake.url}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
