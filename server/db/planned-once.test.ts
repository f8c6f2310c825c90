import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testEngines } from '../testing/test-app.ts';
import { openDatabase, queryRows, type Database } from './client.ts';
import { NAMED_STATEMENTS_MAX, queryRowsPlannedOnce } from './planned-once.ts';

const sumsQuery = (start: number) => sql`SELECT ${start}::int + n AS total FROM generate_series(1, 3) AS n ORDER BY n`;

interface PreparedRow extends Record<string, unknown> {
  statement: string;
  executions: number;
}

/** The named statements of the one connection of `db`, and how often each ran. */
const preparedStatements = (db: Database) =>
  queryRows<PreparedRow>(
    db,
    sql`SELECT statement, (generic_plans + custom_plans)::int AS executions FROM pg_prepared_statements`,
  );

describe('queryRowsPlannedOnce', () => {
  it('answers the rows queryRows answers, on PGlite', async () => {
    const handle = await openDatabase({});
    try {
      expect(await queryRowsPlannedOnce(handle.registerDb, sumsQuery(10))).toEqual(
        await queryRows(handle.registerDb, sumsQuery(10)),
      );
    } finally {
      await handle.close();
    }
  });

  for (const { databaseUrl } of testEngines().filter((engine) => engine.databaseUrl)) {
    describe('[postgres]', () => {
      it('sends a statement named, so its connection parses it once and runs it with any values', async () => {
        const handle = await openDatabase({ url: databaseUrl ?? undefined, registerPoolSize: 1 });
        try {
          for (const start of [0, 10, 20, 30, 40, 50, 60]) {
            const rows = await queryRowsPlannedOnce(handle.registerDb, sumsQuery(start));
            expect(rows).toEqual([{ total: start + 1 }, { total: start + 2 }, { total: start + 3 }]);
          }
          const prepared = await preparedStatements(handle.registerDb);
          expect(prepared).toHaveLength(1);
          expect(prepared[0]?.statement).toContain('generate_series(1, 3)');
          expect(prepared[0]?.executions).toBe(7);
        } finally {
          await handle.close();
        }
      });

      it(`names at most ${NAMED_STATEMENTS_MAX} texts and sends the others unnamed, with their rows`, async () => {
        const handle = await openDatabase({ url: databaseUrl ?? undefined, registerPoolSize: 1 });
        try {
          const texts = NAMED_STATEMENTS_MAX + 10;
          for (let number = 0; number < texts; number++) {
            const rows = await queryRowsPlannedOnce(handle.registerDb, sql.raw(`SELECT ${number} AS number_${number}`));
            expect(rows).toEqual([{ [`number_${number}`]: number }]);
          }
          const prepared = await preparedStatements(handle.registerDb);
          expect(prepared.length).toBeGreaterThan(0);
          expect(prepared.length).toBeLessThanOrEqual(NAMED_STATEMENTS_MAX);
        } finally {
          await handle.close();
        }
      });
    });
  }
});
