import { expect, it } from 'vitest';
import { describeEachEngine } from './testing/test-app.ts';

// Issue 27, point 2: the per-IP limits count the address that the configured proxies vouch for, and a
// client's own X-Forwarded-For counts for nothing. Production, as the black-box test ran it.
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'production-test-secret-of-32-characters',
  CONTACT_LIMIT_PER_IP: '2',
};
const SIGN_IN_LIMIT = { signInPerIp: { max: 3, timeWindowMs: 60_000 } };
/** The load balancer in front of the app, in the tests that have one. */
const PROXY = '10.9.0.1';

let counter = 0;
const form = () => ({ name: 'Greta Gäst', email: `gast-${++counter}@example.com`, subject: 'Fråga', message: 'Hej!' });

describeEachEngine(
  'client addresses without TRUST_PROXY',
  { env: PRODUCTION, auth: { rateLimits: SIGN_IN_LIMIT } },
  (t) => {
    const signIn = (remoteAddress: string, forwardedFor: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { email: `gissa-${++counter}@test.example`, password: 'fel' },
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    const contact = (remoteAddress: string, forwardedFor: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: form(),
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });

    it('keeps the sign-in limit per IP for a client that sends a new X-Forwarded-For each time', async () => {
      const statuses = [];
      for (let attempt = 1; attempt <= 4; attempt += 1)
        statuses.push((await signIn('203.0.113.10', `198.51.100.${attempt}`)).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429]);
      // Another address is not held back.
      expect((await signIn('203.0.113.11', '198.51.100.1')).statusCode).toBe(400);
    });

    it('keeps the contact limit per IP for a client that sends a new X-Forwarded-For each time', async () => {
      const statuses = [];
      for (let attempt = 1; attempt <= 3; attempt += 1)
        statuses.push((await contact('203.0.113.20', `198.51.100.${attempt}, 192.0.2.${attempt}`)).statusCode);
      expect(statuses).toEqual([201, 201, 429]);
    });
  },
);

describeEachEngine(
  'client addresses behind one trusted load balancer (TRUST_PROXY)',
  { env: { ...PRODUCTION, TRUST_PROXY: PROXY }, auth: { rateLimits: SIGN_IN_LIMIT } },
  (t) => {
    /** A request through the load balancer: it appends the address it saw to what the client sent. */
    const throughProxy = (url: string, payload: object, client: string, sentByClient?: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': sentByClient ? `${sentByClient}, ${client}` : client },
      });
    const signIn = (client: string, sentByClient?: string) =>
      throughProxy(
        '/auth/v1/token?grant_type=password',
        { email: `gissa-${++counter}@test.example`, password: 'fel' },
        client,
        sentByClient,
      );

    it('counts the address the load balancer appended, whatever the client put before it', async () => {
      const statuses = [];
      for (let attempt = 1; attempt <= 4; attempt += 1)
        statuses.push((await signIn('203.0.113.30', `198.51.100.${attempt}`)).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429]);
    });

    it('gives two clients behind the load balancer a counter each', async () => {
      for (let attempt = 1; attempt <= 3; attempt += 1) expect((await signIn('203.0.113.40')).statusCode).toBe(400);
      expect((await signIn('203.0.113.40')).statusCode).toBe(429);
      expect((await signIn('203.0.113.41')).statusCode).toBe(400);

      const contact = (client: string, sentByClient?: string) =>
        throughProxy('/api/contact', form(), client, sentByClient);
      expect((await contact('203.0.113.50', '198.51.100.1')).statusCode).toBe(201);
      expect((await contact('203.0.113.50', '198.51.100.2')).statusCode).toBe(201);
      expect((await contact('203.0.113.50', '198.51.100.3')).statusCode).toBe(429);
      expect((await contact('203.0.113.51')).statusCode).toBe(201);
    });

    it('does not believe X-Forwarded-For from a client that reaches the app around the load balancer', async () => {
      const direct = (attempt: number) =>
        t.app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=password',
          payload: { email: `gissa-${++counter}@test.example`, password: 'fel' },
          remoteAddress: '203.0.113.60',
          headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
        });
      const statuses = [];
      for (let attempt = 1; attempt <= 4; attempt += 1) statuses.push((await direct(attempt)).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429]);
    });
  },
);
