import { describe, expect, it } from 'vitest';
import { authRateLimitsFrom, DEFAULT_AUTH_RATE_LIMITS } from './rate-limits.ts';
import { loadEnv } from '../../../env.ts';
import { createAuthClient, newAccount, signUpWith } from '../../../testing/auth-client.ts';
import { describeEachEngine } from '../../../testing/test-app.ts';

const MINUTE = 60_000;
const RATE_LIMITED = { code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' };

// The counters outlive a test (they are in memory, not in the database), so every test uses its own IP and emails.
let ipCounter = 0;
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describeEachEngine(
  '/auth/v1 rate limits',
  {
    auth: {
      rateLimits: {
        signInPerEmail: { max: 3, timeWindowMs: MINUTE },
        signInPerIp: { max: 5, timeWindowMs: MINUTE },
        signUpPerIp: { max: 2, timeWindowMs: MINUTE },
        signUpPerEmail: { max: 2, timeWindowMs: MINUTE },
        recoverPerEmail: { max: 2, timeWindowMs: MINUTE },
        recoverPerIp: { max: 4, timeWindowMs: MINUTE },
        verifyPerIp: { max: 2, timeWindowMs: MINUTE },
      },
    },
  },
  (t) => {
    const post = (url: string, payload: object, remoteAddress = nextIp()) =>
      t.app.inject({ method: 'POST', url: `/auth/v1${url}`, payload, remoteAddress });

    it("limits sign-in attempts per email, whatever the IP, with GoTrue's 429", async () => {
      const statuses = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        statuses.push(
          (await post('/token?grant_type=password', { email: 'offer@test.example', password: `gissning-${attempt}` }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([400, 400, 400]);
      const limited = await post('/token?grant_type=password', {
        email: '  OFFER@test.example',
        password: 'gissning-4',
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(RATE_LIMITED);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not held back.
      expect(
        (await post('/token?grant_type=password', { email: 'annan@test.example', password: 'x' })).statusCode,
      ).toBe(400);
    });

    it('limits sign-in attempts per IP, whatever the email', async () => {
      const ip = nextIp();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect(
          (await post('/token?grant_type=password', { email: `ip-${attempt}@test.example`, password: 'x' }, ip))
            .statusCode,
        ).toBe(400);
      }
      expect(
        (await post('/token?grant_type=password', { email: 'ip-ny@test.example', password: 'x' }, ip)).json(),
      ).toEqual(RATE_LIMITED);
      // Malformed requests count too, and refreshing is not sign-in.
      expect((await post('/token?grant_type=refresh_token', { refresh_token: 'x' }, ip)).statusCode).toBe(400);
    });

    it('shows auth-js the 429 as an error with code over_request_rate_limit', async () => {
      const client = createAuthClient(t.app, { remoteAddress: nextIp() });
      let last;
      for (let attempt = 0; attempt < 4; attempt += 1)
        last = await client.signInWithPassword({ email: 'js@test.example', password: 'x' });
      expect(last?.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    });

    it('limits password changes per person, as guesses of the current password', async () => {
      const account = newAccount();
      const client = createAuthClient(t.app, { remoteAddress: nextIp() });
      await signUpWith(client, account);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect(
          (await client.updateUser({ password: 'nytt-lösenord-1', current_password: `gissning-${attempt}` })).error
            ?.status,
        ).toBe(400);
      }
      const limited = await client.updateUser({ password: 'nytt-lösenord-1', current_password: account.password });
      expect(limited.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
      // A name change checks no password and is not held back.
      expect((await client.updateUser({ data: { full_name: 'Nytt Namn' } })).error).toBeNull();
    });

    it('limits sign-ups per IP', async () => {
      const ip = nextIp();
      const client = createAuthClient(t.app, { remoteAddress: ip });
      await signUpWith(client, newAccount());
      await signUpWith(client, newAccount());
      const { error } = await client.signUp({ email: newAccount().email, password: 'ett-bra-lösenord' });
      expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    });

    it('limits recovery per email alike for known and unknown addresses', async () => {
      const account = newAccount();
      await signUpWith(createAuthClient(t.app, { remoteAddress: nextIp() }), account);
      for (const email of [account.email, 'okand@test.example']) {
        expect((await post('/recover', { email })).statusCode).toBe(200);
        expect((await post('/recover', { email })).statusCode).toBe(200);
        const limited = await post('/recover', { email });
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toEqual(RATE_LIMITED);
      }
      await t.app.mailer.idle();
    });

    it('limits verification attempts per IP', async () => {
      const ip = nextIp();
      await post('/verify', { type: 'recovery', token_hash: 'a' }, ip);
      await post('/verify', { type: 'recovery', token_hash: 'b' }, ip);
      expect((await post('/verify', { type: 'recovery', token_hash: 'c' }, ip)).json()).toEqual(RATE_LIMITED);
    });
  },
);

describe('default rate limits', () => {
  it('let a person through and stop a script', () => {
    expect(DEFAULT_AUTH_RATE_LIMITS.signInPerEmail).toEqual({ max: 10, timeWindowMs: MINUTE });
    expect(DEFAULT_AUTH_RATE_LIMITS.signInPerIp).toEqual({ max: 30, timeWindowMs: MINUTE });
    for (const limit of Object.values(DEFAULT_AUTH_RATE_LIMITS)) {
      expect(limit.max).toBeGreaterThanOrEqual(5);
      expect(limit.max / (limit.timeWindowMs / MINUTE)).toBeLessThanOrEqual(30);
    }
  });

  it('are what the environment gives unless the operator sets them, in the same windows', () => {
    expect(authRateLimitsFrom(loadEnv({}))).toEqual(DEFAULT_AUTH_RATE_LIMITS);
    const raised = authRateLimitsFrom(loadEnv({ SIGNUP_LIMIT_PER_IP: '500', SIGNIN_LIMIT_PER_IP: '300' }));
    expect(raised.signUpPerIp).toEqual({ max: 500, timeWindowMs: 10 * MINUTE });
    expect(raised.signInPerIp).toEqual({ max: 300, timeWindowMs: MINUTE });
    expect(raised.signInPerEmail).toEqual(DEFAULT_AUTH_RATE_LIMITS.signInPerEmail);
  });
});
