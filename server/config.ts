import { z } from 'zod';

const passPublicKeysSchema = z.record(z.string().regex(/^[A-Za-z0-9_-]{1,32}$/), z.string().regex(/^[A-Za-z0-9_-]{43}$/));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public base URL used in e-mail links; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL connection string; without it the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./data'),
  /** nodemailer SMTP URL; without it mail goes to the local outbox (GET /api/dev/outbox). */
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().default('CloudFest 2026 <noreply@cloudfest.example>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Requests per minute per IP for the whole API (sign-in has its own, stricter limits). */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /** Sign-in, sign-up and password-reset requests per minute per IP. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Free Standard Pass claims (POST /api/pass/free-claim) per minute per IP. */
  FREE_CLAIM_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
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
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Generic demo attendees (attendee001@ …) the demo seed creates; raise it to try scanners and check-in with a crowd. */
  DEMO_ATTENDEES: z.coerce.number().int().min(0).max(5000).default(40),
});

export type Config = z.infer<typeof schema>;

/** Parses the environment once, failing with a readable list of bad variables. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}
