import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testEngines } from '../testing/test-app.ts';
import { openDatabase, queryRows, type Database } from './client.ts';

/** The backend of each of `count` statements sent at once, each held for 50 ms. */
async function backendsOf(db: Database, count: number): Promise<Set<number>> {
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      queryRows<{ pid: number }>(db, sql`SELECT pg_backend_pid() AS pid FROM pg_sleep(0.05)`),
    ),
  );
  return new Set(answers.map(([row]) => row?.pid ?? 0));
}

for (const { databaseUrl } of testEngines().filter((engine) => engine.databaseUrl)) {
  describe('the register search connections [postgres]', () => {
    it('are as many as REGISTER_POOL_SIZE says, beside the pool of everything else (decision 042)', async () => {
      const handle = await openDatabase({ url: databaseUrl ?? undefined, poolSize: 3, registerPoolSize: 1 });
      try {
        // Three searches at once take turns on the one connection; three other statements run side by side.
        expect((await backendsOf(handle.registerDb, 3)).size).toBe(1);
        expect((await backendsOf(handle.db, 3)).size).toBe(3);
      } finally {
        await handle.close();
      }
    });
  });
}
