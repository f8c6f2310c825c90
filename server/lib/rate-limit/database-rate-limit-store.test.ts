import { afterAll, beforeAll, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema/index.ts';
import { createTestApp, describeEachEngine, type TestApp } from '../../testing/test-app.ts';
import { countRequest, deleteExpiredRateLimits } from './database-rate-limit-store.ts';

const form = { name: 'Greta Gäst', email: 'greta@example.com', subject: 'Fråga', message: 'Hej!' };

describeEachEngine('rate limits shared in the database', { env: { CONTACT_LIMIT_PER_IP: '3' } }, (t) => {
  // A second app on the same database: another process behind the load balancer.
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ database: t.handle, env: { CONTACT_LIMIT_PER_IP: '3' } });
  });
  afterAll(async () => {
    await other.close();
  });

  const contact = (app: TestApp['app'], remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/contact', payload: form, remoteAddress });

  it('count the requests of one address across two app processes, and keep addresses and limits apart', async () => {
    expect((await contact(t.app, '10.1.0.1')).statusCode).toBe(201);
    expect((await contact(other.app, '10.1.0.1')).statusCode).toBe(201);
    expect((await contact(t.app, '10.1.0.1')).statusCode).toBe(201);
    // The fourth, through either process, is one too many.
    const refused = await contact(other.app, '10.1.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect((await contact(t.app, '10.1.0.2')).statusCode).toBe(201);
    // Another limit keyed by the same address counts on its own.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: 'x@example.com', password: 'fel' },
      remoteAddress: '10.1.0.1',
    });
    expect(signIn.statusCode).toBe(400);
  });

  it('count concurrent requests exactly, start a new window when one ends, and forget ended windows', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => countRequest(t.db, 'test:concurrent', 60_000)));
    expect(counts.map((count) => count.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    for (const { ttl } of counts) expect(ttl).toBeGreaterThan(59_000);

    expect((await countRequest(t.db, 'test:short', 50)).current).toBe(1);
    expect((await countRequest(t.db, 'test:short', 50)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await countRequest(t.db, 'test:short', 50)).current).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await deleteExpiredRateLimits(t.db)).toBe(1);
    expect((await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key)).toEqual([
      'test:concurrent',
    ]);
  });
});
