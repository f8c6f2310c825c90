import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

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
    /** How long a page of the public register is served from memory (docs/decisions/009); 0 turns it off. */
    REGISTER_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.JWT_SECRET, {
    message: 'JWT_SECRET is required when NODE_ENV=production',
    path: ['JWT_SECRET'],
  })
  .transform((env) => ({
    ...env,
    // Demo data belongs to the embedded database; a real PostgreSQL gets it only when asked for.
    SEED_DEMO: env.SEED_DEMO ?? !env.DATABASE_URL,
    // Links are built as `${SITE_URL}/path`, so no trailing slash.
    SITE_URL: (env.SITE_URL ?? `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`).replace(/\/+$/, ''),
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
