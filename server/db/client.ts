import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type RenderedSql, renderSql } from './fixed-sql.ts';
import { runOnlineSteps } from './online-indexes.ts';
import * as schema from './schema/index.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Rows of a rendered statement, sent as `db.execute` sends one, as a named statement when `name` is
 * given (planned-once.ts). `Database` is typed for both drivers, so a query answers `unknown`;
 * node-postgres and PGlite both put the rows in `rows`.
 */
export async function queryRenderedRows<Row extends Record<string, unknown>>(
  db: Database,
  rendered: RenderedSql,
  name?: string,
): Promise<Row[]> {
  const result = (await db._.session.prepareQuery(rendered, undefined, name, false).execute()) as { rows: Row[] };
  return result.rows;
}

/** Rows of a raw query, rendered by renderSql. */
export function queryRows<Row extends Record<string, unknown>>(db: Database, query: SQL): Promise<Row[]> {
  return queryRenderedRows<Row>(db, renderSql(query));
}

export interface DatabaseHandle {
  db: Database;
  /**
   * The connections the public register's searches use (issue 29): on PostgreSQL a pool of their own,
   * so a flood of searches cannot take the connections of sign-ins and admin work, whose statements
   * PostgreSQL cancels after `searchBudgetMs`. On PGlite (one connection, no timer) the one database.
   */
  registerDb: Database;
  engine: 'pglite' | 'postgres';
  /** The PostgreSQL connection string it was opened with (a listening connection needs its own); none on PGlite. */
  url?: string;
  /** The embedded database itself, for its LISTEN; only on PGlite. */
  pglite?: PGlite;
  /** Applies the committed migrations that have not run yet; running it again changes nothing. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
// Any fixed number: every app process that starts at once waits here so only one applies migrations.
const MIGRATION_LOCK_ID = 7_204_118;

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  url?: string;
  /** Where PGlite keeps its files; without it PGlite lives in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /** Connections of registerDb's own pool (REGISTER_POOL_SIZE); poolSize without it. PostgreSQL only. */
  registerPoolSize?: number;
  /** The statement timeout of registerDb's connections, in ms; without it none. PostgreSQL only. */
  searchBudgetMs?: number;
  /**
   * An in-memory PGlite starts as a copy of this dump (`PGlite.dumpDataDir`) instead of an empty
   * cluster: the tests start each suite from one migrated database (server/testing/global-setup.ts).
   */
  pgliteSnapshot?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.url
    ? openPostgres(options.url, {
        poolSize: options.poolSize ?? 10,
        registerPoolSize: options.registerPoolSize ?? options.poolSize ?? 10,
        searchBudgetMs: options.searchBudgetMs,
      })
    : openPglite(options.dataDir, options.pgliteSnapshot);
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<DatabaseHandle> {
  let storage: string | undefined;
  if (dataDir) {
    storage = path.resolve(dataDir, 'pgdata');
    mkdirSync(storage, { recursive: true });
  }
  const client = await PGlite.create({
    dataDir: storage,
    loadDataDir: snapshot,
    extensions: { pg_trgm, unaccent, cube, earthdistance },
  });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    registerDb: db,
    engine: 'pglite',
    pglite: client,
    async migrate() {
      await migratePglite(db, { migrationsFolder });
      await runOnlineSteps((text, values) => client.query(text, values), 'pglite');
    },
    close: () => client.close(),
  };
}

/**
 * The settings of the register's connections beside their budget. No JIT compilation: a text search's
 * statement carries a fallback branch that rarely runs but is costed (sorting every match), so a common
 * text crossed jit_above_cost and spent 60 ms compiling a page that takes 2 ms to read (issue 29).
 */
export const REGISTER_SESSION_OPTIONS = '-c jit=off';

async function openPostgres(
  url: string,
  {
    poolSize,
    registerPoolSize,
    searchBudgetMs,
  }: { poolSize: number; registerPoolSize: number; searchBudgetMs?: number },
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzlePg({ client: pool, schema });
  // Sent once with each connection's start-up, so a search pays no extra round trip for its budget.
  const registerPool = new pg.Pool({
    connectionString: url,
    max: registerPoolSize,
    statement_timeout: searchBudgetMs,
    options: REGISTER_SESSION_OPTIONS,
  });
  return {
    db,
    registerDb: drizzlePg({ client: registerPool, schema }),
    engine: 'postgres',
    url,
    async migrate() {
      const connection = await pool.connect();
      try {
        try {
          await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await migratePg(drizzlePg({ client: connection, schema }), { migrationsFolder });
        } finally {
          await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        }
        await runOnlineSteps((text, values) => connection.query(text, values), 'postgres');
      } finally {
        connection.release();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), registerPool.end()]);
    },
  };
}
