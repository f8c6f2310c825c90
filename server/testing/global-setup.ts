import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the PostgreSQL database made for this run, or null when only PGlite runs. */
    testDatabaseUrl: string | null;
  }
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * With TEST_DATABASE_URL (any database on a PostgreSQL server, used only to connect), creates one
 * fresh database for this run, hands its URL to the tests and drops it at the end. Without it the
 * integration tests run on PGlite alone.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide('testDatabaseUrl', null);
    return;
  }

  const name = `ck_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `TEST_DATABASE_URL is set, but no test database could be created on ${withoutPassword(serverUrl)}: ${reason}`,
      {
        cause: error,
      },
    );
  } finally {
    await admin.end().catch(() => undefined);
  }

  const testUrl = new URL(serverUrl);
  testUrl.pathname = `/${name}`;
  project.provide('testDatabaseUrl', testUrl.toString());

  return async function teardown() {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      // A pool a failed test left open would block DROP DATABASE.
      await client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)}`);
    } finally {
      await client.end();
    }
  };
}
