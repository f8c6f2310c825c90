import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { CERTIFICATION_BODY } from '../contracts/constants.ts';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

/** Names of address ranges that Fastify's `trustProxy` (@fastify/proxy-addr) knows. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** Why one entry of TRUST_PROXY is not an address, a CIDR range or a range's name; undefined when it is one. */
function proxyEntryProblem(entry: string): string | undefined {
  if (PROXY_RANGE_NAMES.includes(entry)) return undefined;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  const bits = version === 4 ? 32 : 128;
  if (
    version === 0 ||
    rest.length > 0 ||
    (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits))
  ) {
    return `TRUST_PROXY: "${entry}" is not an IP address, a CIDR range (10.0.0.0/8) or one of ${PROXY_RANGE_NAMES.join(', ')}`;
  }
  if (prefix !== undefined && Number(prefix) === 0)
    return `TRUST_PROXY must not trust every address ("${entry}"): list your proxies' addresses or ranges`;
  return undefined;
}

/**
 * The proxies whose X-Forwarded-For the app believes (issue 27): off, or a comma-separated list of
 * addresses, CIDR ranges and range names, as Fastify's `trustProxy` takes them. Not `true` (every client
 * could then name its own address) and not a number of hops: Fastify 5.12 dropped hop counts, which
 * cannot tell a proxy from a client that reaches the app directly.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | string[] => {
    if (['off', 'false', 'no', '0'].includes(value.toLowerCase())) return false;
    if (/^\d+$/.test(value)) {
      context.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY takes the addresses or CIDR ranges of your proxies, not a number of hops (Fastify no longer trusts by hop count: a client reaching the app directly could choose its own address)',
      });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const problems = entries.map(proxyEntryProblem).filter((problem) => problem !== undefined);
    for (const message of problems) context.addIssue({ code: 'custom', message });
    return problems.length > 0 ? z.NEVER : entries;
  });

/** A rate limit's number of requests per its window. */
const limit = (defaultMax: number) => z.coerce.number().int().min(1).max(1_000_000).default(defaultMax);

/** A retention period in days (docs/decisions/036): at least a day, at most a century. */
const days = (defaultDays: number) => z.coerce.number().int().min(1).max(36_500).default(defaultDays);

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url().optional(),
    ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).default('admin@example.com'),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    SEED_DEMO: flag.optional(),
    SMTP_URL: z.url().optional(),
    /** Public address of the site: the base of the links in emails (docs/decisions/007). */
    SITE_URL: z.url({ protocol: /^https?$/, error: 'SITE_URL must be an http or https URL' }).optional(),
    /** Sender of outgoing mail; by default no-reply at SITE_URL's host. */
    MAIL_FROM: z.string().trim().min(3).optional(),
    /**
     * The MapLibre style of the register's map (issue 24, docs/decisions/038): unset, there is no map and
     * nothing is asked of another origin; set, the CSP lets the browser fetch from the style's origin.
     */
    MAP_STYLE_URL: z.url({ protocol: /^https?$/, error: 'MAP_STYLE_URL must be an http or https URL' }).optional(),
    // Membership payments (issue 25, docs/decisions/039): by invoice unless both Stripe keys are set.
    /** Stripe's secret API key (sk_live_… or sk_test_…): with STRIPE_WEBHOOK_SECRET, clinics pay by Stripe Checkout. */
    STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
    /** The signing secret of the webhook endpoint /api/payments/stripe/webhook (whsec_…). */
    STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
    /** Another address for Stripe's API, for a local fake of it (the tests); unset is Stripe itself. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'STRIPE_API_URL must be an http or https URL' }).optional(),
    /** The seller on invoices and receipts; unset, the documents carry example values and say so. */
    SELLER_NAME: z.string().trim().min(1).default(CERTIFICATION_BODY),
    SELLER_ORGANISATION_NUMBER: z.string().trim().min(1).optional(),
    SELLER_VAT_NUMBER: z.string().trim().min(1).optional(),
    SELLER_ADDRESS: z.string().trim().min(1).optional(),
    SELLER_BANKGIRO: z.string().trim().min(1).optional(),
    /** Days an invoice gives to pay. */
    INVOICE_DUE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** How long a page of the public register is served from memory (docs/decisions/009); 0 turns it off. */
    REGISTER_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    /**
     * How long one statement of a register search may run on PostgreSQL, in ms (issue 29): a search that
     * would take longer is cancelled and answered "Förfina sökningen" (422 search_too_broad).
     */
    SEARCH_TIME_BUDGET_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    /**
     * PostgreSQL connections of the register's searches (decision 042): twice the cores, as PostgreSQL's
     * own advice goes. With 10 on two cores the app's thread and ten busy backends took turns on the
     * cores and every search cost PostgreSQL a fifth more. Set it from the database's cores when
     * PostgreSQL runs on another machine.
     */
    REGISTER_POOL_SIZE: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(2 * availableParallelism()),
    // Rate limits (issue 12), shared by every app process; the windows are fixed, the numbers settings.
    // Raise the per-IP ones when many people share an address (an office or a school behind NAT).
    /** Sign-in attempts per IP address per minute. */
    SIGNIN_LIMIT_PER_IP: limit(30),
    /** Sign-in attempts (and password checks) per email address or account per minute. */
    SIGNIN_LIMIT_PER_EMAIL: limit(10),
    /** Accounts one IP address may register per 10 minutes. */
    SIGNUP_LIMIT_PER_IP: limit(10),
    /** Registrations per email address per 10 minutes. */
    SIGNUP_LIMIT_PER_EMAIL: limit(5),
    /** Password-reset requests per IP address per hour. */
    RECOVER_LIMIT_PER_IP: limit(20),
    /** Password-reset requests per email address per hour. */
    RECOVER_LIMIT_PER_EMAIL: limit(5),
    /** Reset-link checks per IP address per minute. */
    VERIFY_LIMIT_PER_IP: limit(30),
    /** Messages one account may send per minute. */
    MESSAGE_LIMIT_PER_USER: limit(30),
    /** Contact form messages one IP address may send per 10 minutes. */
    CONTACT_LIMIT_PER_IP: limit(5),
    /** Requests one IP address may make per minute to the open verification API (/api/public). */
    PUBLIC_API_RATE_LIMIT: limit(60),
    /** Review invitations one clinic may send per Swedish calendar day (issue 23). */
    REVIEW_INVITATIONS_PER_DAY: limit(50),
    // Retention (issue 26, docs/decisions/036): the hourly job deletes what has lost its purpose after these days.
    /** Documents of a clinic that never sent an application in, from their upload. */
    RETENTION_UNSENT_APPLICATION_DOCUMENTS_DAYS: days(365),
    /** A deleted clinic's documents that back a certificate decision, from the deletion: 7 years. */
    RETENTION_DECISION_DOCUMENTS_DAYS: days(2557),
    /** A deleted clinic's other documents, from the deletion. */
    RETENTION_DELETED_ACCOUNT_DOCUMENTS_DAYS: days(30),
    /** Messages in DATA_DIR/outbox (written without SMTP_URL), from their writing. */
    RETENTION_OUTBOX_DAYS: days(30),
    /** Open live message streams one account may have on each app process; one more ends its oldest. */
    STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(5),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** The proxies (load balancers) whose X-Forwarded-For gives the client's address; unset trusts none. */
    TRUST_PROXY: trustProxy.optional(),
    /** An S3-compatible server (MinIO, Ceph, s3rver); unset means AWS S3 itself. */
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http or https URL' }).optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    /** Setting it moves uploaded files from DATA_DIR/storage into this bucket (server/lib/storage). */
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
    /** Without the pair the SDK's default credential chain applies (instance role, AWS_* variables, ~/.aws). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: flag.optional(),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.JWT_SECRET, {
    message: 'JWT_SECRET is required when NODE_ENV=production',
    path: ['JWT_SECRET'],
  })
  .refine((env) => !env.STRIPE_SECRET_KEY === !env.STRIPE_WEBHOOK_SECRET, {
    message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together or not at all',
    path: ['STRIPE_WEBHOOK_SECRET'],
  })
  .refine((env) => !env.S3_ACCESS_KEY_ID === !env.S3_SECRET_ACCESS_KEY, {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all',
    path: ['S3_SECRET_ACCESS_KEY'],
  })
  .refine((env) => env.RETENTION_DECISION_DOCUMENTS_DAYS >= env.RETENTION_DELETED_ACCOUNT_DOCUMENTS_DAYS, {
    message:
      'RETENTION_DECISION_DOCUMENTS_DAYS must be at least RETENTION_DELETED_ACCOUNT_DOCUMENTS_DAYS: what backs a decision is kept the longest',
    path: ['RETENTION_DECISION_DOCUMENTS_DAYS'],
  })
  // Without S3_BUCKET files stay on the local disk: a forgotten bucket must not pass unnoticed.
  .refine((env) => env.S3_BUCKET || !(env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY), {
    message: 'S3_BUCKET is required when other S3_ settings are given',
    path: ['S3_BUCKET'],
  })
  .transform((env) => ({
    ...env,
    // Demo data belongs to the embedded database; a real PostgreSQL, and any production installation
    // (its test logins are public), gets it only when asked for (issue 27).
    SEED_DEMO: env.SEED_DEMO ?? (env.NODE_ENV !== 'production' && !env.DATABASE_URL),
    TRUST_PROXY: env.TRUST_PROXY ?? false,
    // S3-compatible servers mostly serve buckets by path (no DNS name per bucket); AWS prefers virtual hosts.
    S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
    // Links are built as `${SITE_URL}/path`, so no trailing slash.
    SITE_URL: (env.SITE_URL ?? `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`).replace(
      /\/+$/,
      '',
    ),
  }));

export type Env = z.infer<typeof EnvSchema>;

/** Reads the settings of ARCHITECTURE "Runtime conventions"; a bad value stops the process at start. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const blankAsUnset = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid environment settings:\n${problems}`);
  }
  return parsed.data;
}
