import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authErrors, toGoTrueBody } from '../../../lib/auth-error.ts';
import type { Env } from '../../../env.ts';
import { normalizeEmail } from '../../../services/auth/validation.ts';

export interface RateLimit {
  max: number;
  timeWindowMs: number;
}

/** Per client IP and per email address; buildApp takes overrides (tests lower them). */
export interface AuthRateLimits {
  signInPerIp: RateLimit;
  signInPerEmail: RateLimit;
  signUpPerIp: RateLimit;
  signUpPerEmail: RateLimit;
  recoverPerIp: RateLimit;
  recoverPerEmail: RateLimit;
  verifyPerIp: RateLimit;
}

const MINUTE = 60_000;

/** Well above what a person does by hand, well below what a password-guessing script needs; the env's defaults. */
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  signInPerIp: { max: 30, timeWindowMs: MINUTE },
  signInPerEmail: { max: 10, timeWindowMs: MINUTE },
  signUpPerIp: { max: 10, timeWindowMs: 10 * MINUTE },
  signUpPerEmail: { max: 5, timeWindowMs: 10 * MINUTE },
  recoverPerIp: { max: 20, timeWindowMs: 60 * MINUTE },
  recoverPerEmail: { max: 5, timeWindowMs: 60 * MINUTE },
  verifyPerIp: { max: 30, timeWindowMs: MINUTE },
};

/** The limits as the operator set them (server/env.ts), in their fixed windows. */
export function authRateLimitsFrom(
  env: Pick<
    Env,
    | 'SIGNIN_LIMIT_PER_IP'
    | 'SIGNIN_LIMIT_PER_EMAIL'
    | 'SIGNUP_LIMIT_PER_IP'
    | 'SIGNUP_LIMIT_PER_EMAIL'
    | 'RECOVER_LIMIT_PER_IP'
    | 'RECOVER_LIMIT_PER_EMAIL'
    | 'VERIFY_LIMIT_PER_IP'
  >,
): AuthRateLimits {
  const within = (name: keyof AuthRateLimits, max: number) => ({
    max,
    timeWindowMs: DEFAULT_AUTH_RATE_LIMITS[name].timeWindowMs,
  });
  return {
    signInPerIp: within('signInPerIp', env.SIGNIN_LIMIT_PER_IP),
    signInPerEmail: within('signInPerEmail', env.SIGNIN_LIMIT_PER_EMAIL),
    signUpPerIp: within('signUpPerIp', env.SIGNUP_LIMIT_PER_IP),
    signUpPerEmail: within('signUpPerEmail', env.SIGNUP_LIMIT_PER_EMAIL),
    recoverPerIp: within('recoverPerIp', env.RECOVER_LIMIT_PER_IP),
    recoverPerEmail: within('recoverPerEmail', env.RECOVER_LIMIT_PER_EMAIL),
    verifyPerIp: within('verifyPerIp', env.VERIFY_LIMIT_PER_IP),
  };
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;

/** The key of a request for a limit: its client IP (the plugin's default), the email in its body, or its signed-in user. */
export type RateLimitKey = 'ip' | 'email' | 'user';

function bodyEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? normalizeEmail(email) : '';
}

/**
 * The limit `name` of `limits`, kept by @fastify/rate-limit in the database (server/plugins/app/rate-limit.ts),
 * answered with GoTrue's 429 `over_request_rate_limit`. Per IP it runs onRequest, so even malformed
 * requests count; per email (or signed-in user) it needs the parsed body or the session (preHandler)
 * and skips requests without one.
 */
export function rateLimitHook(
  app: FastifyInstance,
  limits: AuthRateLimits,
  name: keyof AuthRateLimits,
  by: RateLimitKey,
  applies: (request: FastifyRequest) => boolean = () => true,
): Hook {
  const limit = limits[name];
  const keys: Record<RateLimitKey, ((request: FastifyRequest) => string) | undefined> = {
    ip: undefined,
    email: bodyEmail,
    user: (request) => request.auth?.userId ?? '',
  };
  const key = keys[by];
  const check = app.createSharedRateLimit(`${name}-${by}`, {
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    ...(key ? { keyGenerator: key } : {}),
  });
  return async (request, reply) => {
    if (!applies(request) || (key && !key(request))) return undefined;
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return undefined;
    return reply.code(429).header('retry-after', result.ttlInSeconds).send(toGoTrueBody(authErrors.rateLimited()));
  };
}
