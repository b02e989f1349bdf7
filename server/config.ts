import { isIP } from 'node:net';
import { z } from 'zod';

const passPublicKeysSchema = z.record(z.string().regex(/^[A-Za-z0-9_-]{1,32}$/), z.string().regex(/^[A-Za-z0-9_-]{43}$/));

/** proxy-addr's names for private ranges, which no client on the internet can come from. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
/** The widest ranges TRUST_PROXY takes: anything wider is next to trusting every client. */
const MIN_PREFIX = { 4: 8, 6: 16 } as const;
/** An IPv6 address in ::ffff:0:0/96, which stands for an IPv4 address (normalised by the URL parser). */
const IPV4_MAPPED = /^\[::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}\]$/;

/** True for an IPv6 address in ::ffff:0:0/96 however it is written (0:0:0:0:0:ffff:a.b.c.d too). */
function isIpv4Mapped(address: string): boolean {
  try {
    return IPV4_MAPPED.test(new URL(`http://[${address}]`).hostname);
  } catch {
    return false; // a zone id (fe80::1%eth0): link-local, never mapped
  }
}

/**
 * Why one TRUST_PROXY entry is refused, or null for an address, a CIDR range of reasonable width or
 * a private-range name. A typo must stop the start, not trust nothing or everything; a catch-all
 * range such as 0.0.0.0/0, ::/0 or ::ffff:0:0/96 (every IPv4 address, as mapped IPv6) is `true` by
 * another name.
 */
function trustedProxyProblem(entry: string): string | null {
  if (PROXY_RANGE_NAMES.includes(entry)) return null;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address) as 0 | 4 | 6;
  const notAnAddress = `"${entry}" is not a proxy's IP address or a CIDR range (e.g. 10.0.0.2 or 10.0.0.0/24), nor one of ${PROXY_RANGE_NAMES.join(', ')}`;
  if (family === 0 || rest.length > 0) return notAnAddress;
  if (prefix === undefined) return null;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) return notAnAddress;
  let bits = Number(prefix);
  let kind: 4 | 6 = family;
  if (family === 6 && bits >= 96 && isIpv4Mapped(address)) {
    // Matched against IPv4 clients as the IPv4 range it maps (proxy-addr does so).
    bits -= 96;
    kind = 4;
  }
  if (bits >= MIN_PREFIX[kind]) return null;
  const what = bits === 0 ? `every IPv${kind} address` : `a /${bits} of IPv${kind} addresses`;
  return (
    `${entry} covers ${what}: like true, it would trust any client's X-Forwarded-For; give the proxies' ` +
    `own addresses or a range no wider than /${MIN_PREFIX[4]} (IPv4) or /${MIN_PREFIX[6]} (IPv6)`
  );
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public base URL used in e-mail links; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL connection string; without it the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.string().min(1).optional(),
  /**
   * PostgreSQL connections this instance keeps (DATABASE_URL only). Each instance takes this many
   * of the server's max_connections (100 by default), and one more listens for session changes.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default('./data'),
  /**
   * nodemailer SMTP URL. Without it mail goes to the local outbox (GET /api/dev/outbox) outside
   * production; production needs it, or MAIL_LOG_ONLY=true to write mail to the server log instead.
   */
  SMTP_URL: z.string().min(1).optional(),
  MAIL_LOG_ONLY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  MAIL_FROM: z.string().default('CloudFest 2026 <noreply@cloudfest.example>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which proxies' X-Forwarded-For to believe: `false` (none), a hop count (`1` behind one reverse
   * proxy) or the proxies' addresses/CIDRs, comma-separated. Never `true`, nor a range that comes
   * close (wider than /8 or /16 for IPv6): a client could then name any address and slip past the
   * per-address limits.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): false | number | string[] => {
      const text = value.trim();
      if (text === '' || text === 'false') return false;
      if (/^\d+$/.test(text)) return Number(text);
      if (text === 'true') {
        ctx.addIssue({
          code: 'custom',
          message:
            "true would trust any client's X-Forwarded-For; give the number of proxies in front (e.g. 1) or their addresses",
        });
        return z.NEVER;
      }
      const entries = text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      for (const entry of entries) {
        const problem = trustedProxyProblem(entry);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }
      return entries;
    }),
  /** Signed-in API requests per minute per account (counted per instance); static files are never limited. */
  ACCOUNT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /**
   * Requests per minute per address on each anonymous sensitive route (sign-in, sign-up, confirm,
   * reset, eligibility, voucher, free claim), counted across instances. Generous: a venue's Wi-Fi
   * puts hundreds of people behind one address; the per-e-mail limit and the account lock stop guessing.
   */
  ADDRESS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /** Sign-in and password-reset requests per minute per e-mail address, from any address. */
  EMAIL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /**
   * Mails a stranger can trigger (registration, sign-up, password reset, team invitations) per
   * recipient and hour, from any address and instance; past it the answer stays the same and nothing is sent.
   */
  RECIPIENT_MAIL_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(5),
  /** Failed sign-ins in a row before an account is locked for 5 minutes. */
  ACCOUNT_LOCK_AFTER_FAILURES: z.coerce.number().int().positive().default(5),
  /** Active pass-signing key, Ed25519 PKCS#8 PEM; without it one is created in DATA_DIR/pass-signing-key.pem. */
  PASS_SIGNING_KEY: z.string().min(1).optional(),
  /** Extra verification-only pass keys during rotation: JSON {kid: base64url raw 32-byte Ed25519 public key}. */
  PASS_PUBLIC_KEYS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return {};
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Expected JSON {kid: base64url public key}' });
        return z.NEVER;
      }
      const parsed = passPublicKeysSchema.safeParse(json);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'Expected {kid: base64url raw 32-byte Ed25519 public key}' });
        return z.NEVER;
      }
      return parsed.data;
    }),
  /** Demo data in an empty database: on by default outside production, only when set to true in production. */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** The payment provider; must be named in production (the sandbox is the default elsewhere). */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  /** Stripe's secret API key (sk_live_… or sk_test_…), for PAYMENT_PROVIDER=stripe. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** The signing secret (whsec_…) of the Stripe webhook endpoint POST /api/payment/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Only to point the Stripe client at a local fake (tests): e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Generic demo attendees (attendee001@ …) the demo seed creates; raise it to try scanners and check-in with a crowd. */
  DEMO_ATTENDEES: z.coerce.number().int().min(0).max(5000).default(40),
  /**
   * The seller on every invoice, credit note, e-invoice and the imprint (§ 14 (4) UStG: full name,
   * address, VAT ID or tax number). The defaults are the demo organizer's.
   */
  SELLER_NAME: z.string().trim().min(1).max(200).default('CloudFest GmbH'),
  SELLER_STREET: z.string().trim().min(1).max(200).default('Rheinweg 5'),
  SELLER_POSTCODE: z.string().trim().min(1).max(20).default('77977'),
  SELLER_CITY: z.string().trim().min(1).max(100).default('Rust'),
  /** ISO 3166-1 alpha-2. */
  SELLER_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Expected a country code such as DE')
    .default('DE'),
  SELLER_VAT_ID: z
    .string()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(z.union([z.literal(''), z.string().regex(/^[A-Z]{2}[0-9A-Z+*.]{2,12}$/, 'Expected a VAT ID such as DE314772507')]))
    .default('DE314772507'),
  /** The tax number (Steuernummer), printed when there is no VAT ID. */
  SELLER_TAX_NUMBER: z.string().trim().max(30).default(''),
  SELLER_REGISTER: z.string().trim().max(200).default('Amtsgericht Freiburg i. Br., HRB 712345'),
  /** Comma-separated. */
  SELLER_MANAGING_DIRECTORS: z.string().trim().max(300).default('Christian Jäger'),
  SELLER_EMAIL: z.email().default('invoices@cloudfest.example'),
  SELLER_PHONE: z.string().trim().max(40).default('+49 7822 860 0'),
});

type Parsed = z.infer<typeof schema>;
export type Config = Omit<Parsed, 'SEED_DEMO' | 'PAYMENT_PROVIDER'> & {
  SEED_DEMO: boolean;
  PAYMENT_PROVIDER: 'sandbox' | 'stripe';
  /** Where mail goes: SMTP, the outbox table (development and tests) or the server log (explicit opt-in). */
  MAIL_MODE: 'smtp' | 'outbox' | 'log';
};

/**
 * What production must not start with. `npm start` without settings is the development demo;
 * NODE_ENV=production turns every demo convenience into a decision the operator makes.
 */
function productionProblems(env: Parsed): string[] {
  const problems: string[] = [];
  if (!env.SMTP_URL && !env.MAIL_LOG_ONLY) {
    problems.push(
      'SMTP_URL is not set: mail (password resets, confirmations) cannot be delivered. Set SMTP_URL, or MAIL_LOG_ONLY=true to write mail to the server log.',
    );
  }
  if (!env.PAYMENT_PROVIDER)
    problems.push('PAYMENT_PROVIDER is not set: name the payment provider (PAYMENT_PROVIDER=sandbox takes test payments only).');
  if (env.PAYMENT_PROVIDER === 'stripe' && !env.STRIPE_SECRET_KEY)
    problems.push('STRIPE_SECRET_KEY is not set while PAYMENT_PROVIDER=stripe: no checkout can be opened, nothing refunded.');
  if (env.PAYMENT_PROVIDER === 'stripe' && !env.STRIPE_WEBHOOK_SECRET)
    problems.push(
      "STRIPE_WEBHOOK_SECRET is not set while PAYMENT_PROVIDER=stripe: Stripe's webhooks could not be verified, so no order would be paid.",
    );
  if (!env.PUBLIC_URL) problems.push('PUBLIC_URL is not set: links in e-mails would point at localhost.');
  if (env.DATABASE_URL && !env.PASS_SIGNING_KEY) {
    problems.push('PASS_SIGNING_KEY is not set while DATABASE_URL is: every instance would sign passes with a key of its own.');
  }
  return problems;
}

/** Parses the environment once, failing with a readable list of bad variables or unsafe production settings. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const data = parsed.data;
  const production = data.NODE_ENV === 'production';
  if (production) {
    const problems = productionProblems(data);
    if (problems.length > 0) {
      throw new Error(`Refusing to start in production:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    }
  }
  const mailMode = data.SMTP_URL ? 'smtp' : production || data.MAIL_LOG_ONLY ? 'log' : 'outbox';
  return {
    ...data,
    SEED_DEMO: data.SEED_DEMO ? data.SEED_DEMO === 'true' : !production,
    PAYMENT_PROVIDER: data.PAYMENT_PROVIDER ?? 'sandbox',
    MAIL_MODE: mailMode,
  };
}

/** Settings that are allowed but deserve a line at start (printed by main.ts). */
export function startWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.NODE_ENV !== 'production') return warnings;
  if (config.PAYMENT_PROVIDER === 'sandbox')
    warnings.push('PAYMENT_PROVIDER=sandbox: payments are test payments, no money is moved.');
  if (config.SEED_DEMO)
    warnings.push('SEED_DEMO=true: demo accounts with a published password are seeded into an empty database.');
  if (config.MAIL_MODE === 'log') warnings.push('MAIL_LOG_ONLY=true: mail is written to the server log, not delivered.');
  if (config.PAYMENT_PROVIDER === 'stripe' && config.STRIPE_API_URL)
    warnings.push(`STRIPE_API_URL=${config.STRIPE_API_URL}: Stripe calls go there, not to Stripe.`);
  return warnings;
}

export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}
