import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authTokens, countries, surveyQuestions, users } from '../db/schema/index.ts';
import { DEMO_PASSWORD, demoEmail } from '../db/seed/demo-accounts.ts';
import { randomToken, sha256 } from '../services/accounts/tokens.ts';
import { createTestApp } from '../testing/test-app.ts';

/**
 * The suite's fuzz: every /api route, asked by a user who passes its role checks, with a
 * request shaped like its schema and then mutated: array items repeated, control characters in the
 * strings (and lone surrogates), very large numbers, overlong strings, junk in the path. Whatever it
 * answers, never a 5xx.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: Json[];
  const?: Json;
  default?: Json;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

let t: TestApp;
/** Accounts tried in this order for each route: the first one it does not refuse (401/403) asks the fuzz. */
const ROLES = ['organizer', 'staff', 'vendor', 'attendee'] as const;
type Role = (typeof ROLES)[number];
const userIds = new Map<Role, string>();

beforeAll(async () => {
  // Limits would answer 429 long before the walk is done; they are not what this test is about.
  t = await createTestApp({
    ADDRESS_RATE_LIMIT_PER_MINUTE: '1000000',
    EMAIL_RATE_LIMIT_PER_MINUTE: '1000000',
    ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000000',
    ACCOUNT_LOCK_AFTER_FAILURES: '1000000',
  });
  for (const role of ROLES) {
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail(role)));
    if (!user) throw new Error(`demo account ${role} missing`);
    userIds.set(role, user.id);
  }
  const [germany] = await t.database.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'DE'));
  if (germany) HINTS.countryId = () => germany.id;
  const [text] = await t.database.db.select().from(surveyQuestions).where(eq(surveyQuestions.kind, 'text')).limit(1);
  if (text) HINTS.questionId = () => text.id;
  const barcode = await t.app.inject({ method: 'GET', url: '/api/pass/barcode', headers: await headersOf('attendee') });
  const badge = (barcode.json() as { token?: string }).token;
  if (badge) HINTS.token = () => badge;
});
afterAll(async () => t?.close());

/**
 * A fresh session of the role for every request: a route of the walk may sign out, change the
 * password or the e-mail address, and the next request must still be signed in.
 */
async function headersOf(role: Role): Promise<Record<string, string>> {
  const token = randomToken();
  await t.database.db.insert(authTokens).values({
    tokenHash: sha256(token),
    userId: userIds.get(role) as string,
    scope: 'full',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { authorization: `Bearer ${token}` };
}

// --- Samples: a value of the right shape for a JSON Schema (what z.toJSONSchema makes of the route's zod schema) ---

/** The ids samples made up: each request gets fresh ones (see freshIds). */
const generatedIds = new Set<string>();
const fuzzEmail = () => `fuzz-${randomUUID().slice(0, 8)}@example.com`;

/** Strings tried against a `pattern`, in order, when no format says what the value is. */
const PATTERN_CANDIDATES = [
  '2026-03-24',
  '2026-03-24T10:00:00.000Z',
  '10:00',
  'DE',
  'AB12345',
  'CF26',
  'DE123456789',
  '12345',
  'abc',
  'fuzz@example.com',
  '+491701234567',
  '#123456',
];

function sampleString(schema: JsonSchema): string {
  let value: string;
  switch (schema.format) {
    case 'uuid':
      value = randomUUID();
      generatedIds.add(value);
      break;
    case 'email':
      value = fuzzEmail();
      break;
    case 'date-time':
      value = '2026-03-24T10:00:00.000Z';
      break;
    case 'date':
      value = '2026-03-24';
      break;
    case 'time':
      value = '10:00:00';
      break;
    case 'uri':
    case 'url':
      value = 'https://example.com/';
      break;
    default: {
      const pattern = schema.pattern ? new RegExp(schema.pattern) : undefined;
      value = (pattern && PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate))) ?? 'Fuzz';
    }
  }
  if (schema.minLength && value.length < schema.minLength) value = value.padEnd(schema.minLength, 'a');
  return schema.maxLength === undefined ? value : value.slice(0, schema.maxLength);
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + (integer ? 1 : 0.5));
  const high = schema.maximum ?? (schema.exclusiveMaximum === undefined ? Number.POSITIVE_INFINITY : schema.exclusiveMaximum - 1);
  return Math.min(Math.max(low, 1), high);
}

/**
 * Values by property name, for what a schema alone cannot say (an e-mail address, a strong password,
 * a real survey question, a real badge): the sample then gets past the handler's own checks, so the
 * mutations reach the code behind them.
 */
const HINTS: Record<string, () => Json> = {
  email: () => fuzzEmail(),
  password: () => 'Fuzz-Pass-2026!q',
  newPassword: () => 'Fuzz-Pass-2026!r',
  currentPassword: () => DEMO_PASSWORD,
  start: () => '2026-03-23',
  end: () => '2026-03-27',
  redirectSuccess: () => '/registration/finish',
  redirectCancel: () => '/registration/finish',
  dateOfBirth: () => '1990-01-01',
  passportExpiry: () => '2031-01-01',
  addressLine1: () => 'Europa-Park-Straße 2',
  zip: () => '77977',
  city: () => 'Rust',
  passTypeId: () => 2,
  voucherCode: () => null,
  freeClaimToken: () => null,
  domain: () => 'example.com',
  code: () => 'CF26',
};

function sample(schema: JsonSchema, depth = 0, key?: string): Json {
  if (depth > 8) return null;
  const hint = key === undefined ? undefined : HINTS[key]?.();
  if (hint !== undefined && schema.type !== 'object' && schema.type !== 'array') return hint;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0] as Json;
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    const choice = choices.find((c) => c.type !== 'null') ?? choices[0];
    return choice ? sample(choice, depth + 1) : null;
  }
  if (schema.allOf?.length) return sample(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  const type = [schema.type ?? (schema.properties ? 'object' : 'string')].flat().find((ty) => ty !== 'null') ?? 'null';
  switch (type) {
    case 'object': {
      const object: Record<string, Json> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) object[name] = sample(property, depth + 1, name);
      if (!schema.properties && typeof schema.additionalProperties === 'object') {
        object.fuzz = sample(schema.additionalProperties, depth + 1);
      }
      return object;
    }
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((item) => sample(item, depth + 1));
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: count }, () => sample(schema.items ?? {}, depth + 1));
    }
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return sampleString(schema);
  }
}

// --- Mutations ---

const CONTROL = '\u0000\n\u202e\u0007';
const HUGE_NUMBERS = [1e308, 2 ** 53 + 1, -1e308];
const OVERLONG = 'ẞ'.repeat(20_000);

/** A copy of `value` with `change` applied to every leaf it accepts (undefined: left as it is). */
function mapLeaves(value: Json, change: (leaf: Json) => Json | undefined): Json {
  if (Array.isArray(value)) {
    const mapped = value.map((item) => mapLeaves(item, change));
    return change(mapped) ?? mapped;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapLeaves(item, change)]));
  }
  return change(value) ?? value;
}

/** The paths of the leaves (strings, numbers, arrays) of a value, so each can be mutated alone. */
function leafPaths(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [path, ...value.flatMap((item, i) => leafPaths(item, [...path, i]))];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]));
  return typeof value === 'string' || typeof value === 'number' ? [path] : [];
}

/** A copy of `value` with `change` applied to the leaf at `path` only. */
function mapAt(value: Json, path: (string | number)[], change: (leaf: Json) => Json | undefined): Json {
  if (path.length === 0) return change(value) ?? value;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? mapAt(item, rest, change) : item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, key === head ? mapAt(item, rest, change) : item]));
  }
  return value;
}

const MUTATIONS: Record<string, (leaf: Json) => Json | undefined> = {
  'duplicated array items': (leaf) => (Array.isArray(leaf) ? [...leaf, ...leaf] : undefined),
  'control characters': (leaf) => (typeof leaf === 'string' ? `${CONTROL}${leaf}${CONTROL}` : undefined),
  'control characters only': (leaf) => (typeof leaf === 'string' ? CONTROL : undefined),
  'lone surrogates': (leaf) => (typeof leaf === 'string' ? `\ud800${leaf}\udfff` : undefined),
  'overlong strings': (leaf) => (typeof leaf === 'string' ? OVERLONG : undefined),
  ...Object.fromEntries(
    HUGE_NUMBERS.map((huge) => [`number ${huge}`, (leaf: Json) => (typeof leaf === 'number' ? huge : undefined)]),
  ),
};

/** Every mutated variant of a sample: each mutation on all leaves at once, then on each leaf alone. */
function mutants(base: Json): { name: string; value: Json }[] {
  const out = [{ name: 'as the schema says', value: base }];
  for (const [name, change] of Object.entries(MUTATIONS)) {
    const all = mapLeaves(base, change);
    if (JSON.stringify(all) !== JSON.stringify(base)) out.push({ name: `${name} everywhere`, value: all });
    for (const path of leafPaths(base)) {
      const one = mapAt(base, path, change);
      if (JSON.stringify(one) !== JSON.stringify(base) && JSON.stringify(one) !== JSON.stringify(all)) {
        out.push({ name: `${name} at ${path.join('.') || '(root)'}`, value: one });
      }
    }
  }
  return out;
}

/** Path parameters: junk of every kind, each URL-encoded as a client would send it. */
const JUNK_PARAMS = [
  'x',
  '0',
  '-1',
  '1e308',
  String(2 ** 53 + 1),
  '-1e308',
  CONTROL,
  'a'.repeat(2000),
  "' or 1=1 --",
  '..%2F..',
  '00000000-0000-0000-0000-000000000000',
];

// --- The walk ---

function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!schema) return undefined;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Query values as a URL carries them: arrays as repeated keys, objects as JSON. */
function queryString(value: Json): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const params = new URLSearchParams();
  for (const [key, item] of Object.entries(value)) {
    for (const one of [item].flat()) params.append(key, typeof one === 'object' ? JSON.stringify(one) : String(one));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function pathWith(url: string, params: Record<string, Json>): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? 'x'))).replace(/\*$/, 'x');
}

interface Attempt {
  what: string;
  url: string;
  body?: Json;
}

function attemptsFor(method: string, route: RouteOptions): Attempt[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const bodySchema = jsonSchemaOf(schema.body);
  const querySchema = jsonSchemaOf(schema.querystring);
  const paramsSchema = jsonSchemaOf(schema.params);
  const params = (paramsSchema ? sample(paramsSchema) : {}) as Record<string, Json>;
  const query = querySchema ? sample(querySchema) : {};
  const body = bodySchema ? sample(bodySchema) : undefined;
  const sendsBody = method !== 'GET' && method !== 'DELETE';
  const url = pathWith(route.url, params);
  const attempts: Attempt[] = [];
  if (sendsBody && body !== undefined) {
    for (const mutant of mutants(body)) {
      attempts.push({ what: `body: ${mutant.name}`, url: `${url}${queryString(query)}`, body: mutant.value });
    }
  } else {
    attempts.push({ what: 'as the schema says', url: `${url}${queryString(query)}`, ...(sendsBody ? { body: {} } : {}) });
  }
  if (querySchema) {
    for (const mutant of mutants(query).slice(1)) {
      attempts.push({ what: `query: ${mutant.name}`, url: `${url}${queryString(mutant.value)}`, body });
    }
  }
  for (const name of Object.keys(params)) {
    for (const junk of JUNK_PARAMS) {
      attempts.push({
        what: `params: ${name}=${junk.slice(0, 20)}`,
        url: `${pathWith(route.url, { ...params, [name]: junk })}${queryString(query)}`,
        body,
      });
    }
  }
  if (sendsBody && body === undefined) {
    attempts.push({ what: 'an unexpected body', url, body: { fuzz: [CONTROL, CONTROL], n: 1e308 } });
  }
  return attempts;
}

/**
 * The body as JSON, each made-up id and e-mail address replaced by a fresh one (the same one
 * wherever it appears in this body): an op id seen before is only a duplicate, an address taken
 * only a conflict, and the mutation would not reach the code behind them.
 */
function freshIds(body: Json): string {
  const fresh = new Map<string, string>();
  const renew = (old: string, make: () => string) => {
    const next = fresh.get(old) ?? make();
    fresh.set(old, next);
    return next;
  };
  return JSON.stringify(body)
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) =>
      generatedIds.has(id) ? renew(id, randomUUID) : id,
    )
    .replace(/fuzz-[0-9a-f]{8}@example\.com/g, (email) => renew(email, fuzzEmail));
}

function request(method: string, attempt: Attempt, headers: Record<string, string>) {
  return t.app.inject({
    method: method as 'GET',
    url: attempt.url,
    headers,
    ...(attempt.body === undefined
      ? {}
      : { payload: freshIds(attempt.body), headers: { ...headers, 'content-type': 'application/json' } }),
  });
}

/** The first role the route does not refuse (organizer first: most rights), for its sample as the schema says. */
async function roleFor(method: string, first: Attempt): Promise<Role> {
  for (const role of ROLES) {
    const res = await request(method, first, await headersOf(role));
    if (res.statusCode !== 401 && res.statusCode !== 403) return role;
  }
  return ROLES[0];
}

const apiRoutes = () => t.app.routeTable.filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'));
const methodsOf = (route: RouteOptions) => [route.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
const short = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text && text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

describe('the fuzz', () => {
  it('never answers a 5xx: every route, duplicated array items, control characters, huge numbers, junk params', async () => {
    const failures: { route: string; what: string; status: number; url: string; payload?: string; answer: string }[] = [];
    let requests = 0;
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      for (const method of methodsOf(route)) {
        const attempts = attemptsFor(method, route);
        const role = attempts[0] ? await roleFor(method, attempts[0]) : ROLES[0];
        for (const attempt of attempts) {
          const res = await request(method, attempt, await headersOf(role));
          requests += 1;
          if (res.statusCode >= 500) {
            failures.push({
              route: `${method} ${route.url} (as ${role})`,
              what: attempt.what,
              status: res.statusCode,
              url: short(attempt.url) ?? '',
              payload: attempt.body === undefined ? undefined : short(attempt.body),
              answer: short(res.body) ?? '',
            });
          }
        }
      }
    }
    // The walk is only worth something if it sends a lot.
    expect(requests).toBeGreaterThan(600);
    expect(failures).toEqual([]);
  }, 120_000);
});
