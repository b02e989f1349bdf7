/*
 * Test doubles for the session module in the node test environment (localStorage, a signed-in
 * user's start-up answers): shared by src/lib/session.test.ts and src/sync/app-sync.test.ts.
 */

export class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** GET /api/user/ of Ada, a lead scanner unless told otherwise. */
export const testUser = (overrides: Record<string, unknown> = {}) => ({
  uuid: '7f0e2a8c-3b1d-4c5e-9f6a-1b2c3d4e5f60',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Analytical Engines',
  image: null,
  scope: [],
  tags: [] as { id: number }[],
  permissions: [{ path: '/contacts' }],
  isLeadScanner: true,
  ...overrides,
});

export const TEST_PASS_TYPE = {
  id: 1,
  name: 'Standard Pass',
  kind: 'voucher',
  description: '',
  price: 0,
  isFree: true,
  upgradeableBy: [],
  codeType: null,
};

/** GET /api/pass with the given status. */
export const testPass = (status: string) => ({
  id: '0b6c7a4e-8d2f-4a1b-9c3d-5e6f7a8b9c0d',
  status,
  voucherCode: null,
  createdAt: '2026-01-05T10:00:00Z',
  passType: TEST_PASS_TYPE,
});

export const TEST_CONFIG = {
  name: 'CloudFest 2026',
  startDate: '2026-03-24',
  endDate: '2026-03-26',
  surveyStartDate: '2026-01-01',
  venue: 'Europa-Park',
  countdownPhases: [],
};

/** A JSON answer (no body for 204). */
export function json(status: number, body: unknown): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
