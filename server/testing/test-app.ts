import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, inject } from 'vitest';
import { type AppOptions, buildApp } from '../app.ts';
import { type Database, type DatabaseHandle, openDatabase, queryRows } from '../db/client.ts';
import { certificates, profiles, users } from '../db/schema/index.ts';
import { seedDemoCertificates, seedDemoClinics, seedSiteContent } from '../services/demo/seed.ts';
import { createMessageBus } from '../lib/message-bus/create-message-bus.ts';
import { listenForRegisterChanges } from '../lib/register-changes.ts';
import { issueCertificate } from '../services/certificates.ts';
import type { AuthRateLimits } from '../routes/auth/v1/rate-limits.ts';
import { loadEnv } from '../env.ts';

export type Engine = DatabaseHandle['engine'];

export interface TestAppOptions {
  /** The PostgreSQL test database of the run (server/testing/global-setup.ts); without it a fresh in-memory PGlite. */
  databaseUrl?: string | null;
  /** An open database to build this app on instead (another app's `handle`); `close()` leaves it open. */
  database?: DatabaseHandle;
  /** Also seed the demo register (server/services/demo/seed.ts); site content is always seeded. */
  demo?: boolean;
  /** Settings as process.env would hold them; NODE_ENV is `test` unless given, DATA_DIR a fresh temporary folder. */
  env?: NodeJS.ProcessEnv;
  /** Auth knobs (rate limits, clock); the rate limits are out of reach unless a test sets them. */
  auth?: AppOptions['auth'];
  /** The app's clock (app.now): a test moves it across a Swedish midnight to see certificates lapse. */
  now?: AppOptions['now'];
  logger?: AppOptions['logger'];
  /** Folder of a built web app; by default none, so only the API is served and no test depends on a build. */
  webRoot?: string;
  /** The live stream's heartbeat (25 s by default); the bus is always the one that fits the engine. */
  messageStreamHeartbeatMs?: number;
  /** Adds test-only routes or hooks before the app is made ready. */
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  handle: DatabaseHandle;
  engine: Engine;
  /** DATA_DIR of the app: its JWT secret and the outbox of its emails. */
  dataDir: string;
  /** Empties every table (TRUNCATE … CASCADE) and seeds again: each test starts from the same data. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

const NO_WEB_BUILD = path.join(import.meta.dirname, 'no-web-build');

const UNREACHABLE_LIMIT = { max: 1_000_000, timeWindowMs: 60_000 };
/** Suites share one app, so real limits would trip over the requests of earlier tests. */
const NO_RATE_LIMITS: AuthRateLimits = {
  signInPerIp: UNREACHABLE_LIMIT,
  signInPerEmail: UNREACHABLE_LIMIT,
  signUpPerIp: UNREACHABLE_LIMIT,
  signUpPerEmail: UNREACHABLE_LIMIT,
  recoverPerIp: UNREACHABLE_LIMIT,
  recoverPerEmail: UNREACHABLE_LIMIT,
  verifyPerIp: UNREACHABLE_LIMIT,
};

/** Every table the migrations made in `public` (drizzle keeps its own bookkeeping in the `drizzle` schema). */
export async function listTables(db: Database): Promise<string[]> {
  const rows = await queryRows<{ tablename: string }>(
    db,
    sql`SELECT tablename FROM pg_catalog.pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return rows.map((row) => row.tablename);
}

export async function truncateAllTables(db: Database): Promise<void> {
  const tables = await listTables(db);
  if (tables.length === 0) return;
  const list = sql.join(
    tables.map((table) => sql.identifier(table)),
    sql`, `,
  );
  await db.execute(sql`TRUNCATE TABLE ${list} RESTART IDENTITY CASCADE`);
}

/** The run's migrated PGlite (global-setup.ts); migrate() then finds nothing to do. */
function migratedPglite(): Blob {
  return new Blob([readFileSync(inject('pgliteSnapshotPath'))]);
}

/** The app as the server builds it, on a migrated and seeded database, for `app.inject()`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownsDatabase = !options.database;
  const handle =
    options.database ??
    (await openDatabase({
      url: options.databaseUrl ?? undefined,
      poolSize: 4,
      pgliteSnapshot: options.databaseUrl ? undefined : migratedPglite(),
    }));
  let app: FastifyInstance | undefined;
  // Never the project's ./data: the JWT secret and the outbox of a test go to a folder of their own.
  const ownDataDir = options.env?.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), 'ck-test-data-'));
  const dataDir = options.env?.DATA_DIR ?? (ownDataDir as string);
  const removeDataDir = () => {
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
  try {
    await handle.migrate();
    const seed = async () => {
      await seedSiteContent(handle.db, { demo: options.demo });
      if (options.demo) {
        await seedDemoClinics(handle.db);
        // Their certificates, as server.ts seeds them: a clinic is listed only with one in force.
        await seedDemoCertificates(handle.db);
      }
    };
    // A PostgreSQL test database outlives a test file: start from empty tables whatever ran before.
    if (ownsDatabase && handle.engine === 'postgres') await truncateAllTables(handle.db);
    await seed();

    app = await buildApp({
      db: handle.db,
      registerDb: handle.registerDb,
      // Most tests change the register and look at it at once; the page cache has tests of its own.
      env: loadEnv({ NODE_ENV: 'test', REGISTER_CACHE_SECONDS: '0', ...options.env, DATA_DIR: dataDir }),
      webRoot: options.webRoot ?? NO_WEB_BUILD,
      auth: { ...options.auth, rateLimits: { ...NO_RATE_LIMITS, ...options.auth?.rateLimits } },
      now: options.now,
      logger: options.logger,
      // On PostgreSQL the bus sends with the commit (LISTEN/NOTIFY), as on a server.
      messaging: {
        createBus: (log) => createMessageBus(handle, { log }),
        heartbeatMs: options.messageStreamHeartbeatMs,
      },
      registerChanges: (log) => listenForRegisterChanges(handle, { log }),
    });
    await options.extend?.(app);
    await app.ready();

    const built = app;
    return {
      app: built,
      db: handle.db,
      handle,
      engine: handle.engine,
      dataDir,
      async reset() {
        // Uploaded files live in DATA_DIR/storage: empty it with the tables, so each test sees only its own.
        rmSync(path.join(dataDir, 'storage'), { recursive: true, force: true });
        await truncateAllTables(handle.db);
        await seed();
      },
      async close() {
        await built.close();
        if (ownsDatabase) await handle.close();
        removeDataDir();
      },
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    if (ownsDatabase) await handle.close().catch(() => undefined);
    removeDataDir();
    throw error;
  }
}

/** PGlite always; PostgreSQL too when the run has a test database (TEST_DATABASE_URL). */
export function testEngines(): { engine: Engine; databaseUrl: string | null }[] {
  // Each worker has a database of its own (global-setup.ts): files running at once never share tables.
  const urls = inject('testDatabaseUrls');
  const databaseUrl =
    urls.length > 0 ? (urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length] ?? null) : null;
  return [
    { engine: 'pglite', databaseUrl: null },
    ...(databaseUrl ? [{ engine: 'postgres' as const, databaseUrl }] : []),
  ];
}

/**
 * Runs the same suite once per database engine, each on its own app: built before the suite,
 * reset to the seeded data before every test, closed after the suite. Read `t.app` and `t.db`
 * inside tests and hooks only.
 */
export function describeEachEngine(
  name: string,
  options: Omit<TestAppOptions, 'databaseUrl' | 'database'>,
  suite: (t: TestApp) => void,
): void {
  for (const { engine, databaseUrl } of testEngines()) {
    describe(`${name} [${engine}]`, () => {
      let current: TestApp | undefined;
      const use = (): TestApp => {
        if (!current) throw new Error('The test app exists only inside tests and hooks.');
        return current;
      };
      const t: TestApp = {
        get app() {
          return use().app;
        },
        get db() {
          return use().db;
        },
        get handle() {
          return use().handle;
        },
        engine,
        get dataDir() {
          return use().dataDir;
        },
        reset: () => use().reset(),
        close: () => use().close(),
      };

      beforeAll(async () => {
        current = await createTestApp({ ...options, databaseUrl });
      });
      beforeEach(async () => {
        await use().reset();
      });
      afterAll(async () => {
        await current?.close();
        current = undefined;
      });

      suite(t);
    });
  }
}

export interface TestClinic {
  fullName: string;
  city?: string | null;
  role?: 'clinic' | 'customer' | 'admin';
  isCertified?: boolean;
  isPublic?: boolean;
  website?: string | null;
}

/**
 * Inserts accounts as sign-up and approval would leave them (a users row and a profiles row with
 * the same id, and a certified clinic's certificate, in force from today): a certified, public clinic
 * unless told otherwise. Returns the ids in order.
 */
export async function insertClinics(db: Database, clinics: readonly TestClinic[]): Promise<string[]> {
  const rows = clinics.map((clinic) => {
    const id = randomUUID();
    return { id, email: `${id}@test.example`, clinic };
  });
  if (rows.length === 0) return [];
  await db.insert(users).values(rows.map(({ id, email }) => ({ id, email })));
  await db.insert(profiles).values(
    rows.map(({ id, email, clinic }) => {
      const isCertified = clinic.isCertified ?? true;
      return {
        id,
        email,
        role: clinic.role ?? 'clinic',
        fullName: clinic.fullName,
        city: clinic.city ?? null,
        website: clinic.website ?? null,
        isCertified,
        isPublic: clinic.isPublic ?? true,
        applicationStatus: isCertified ? ('Godkänd' as const) : ('Väntar' as const),
        certifiedAt: isCertified ? new Date() : null,
      };
    }),
  );
  for (const { id, clinic } of rows) if (clinic.isCertified ?? true) await issueCertificate(db, id, new Date());
  return rows.map(({ id }) => id);
}

/**
 * `count` public clinics without a certificate (so never listed, though their names' words count),
 * named `prefix` and their number from 1, zero-padded to `digits`: a long register around a few
 * clinics, in two set-based statements where insertClinics takes 10-25 s for 10,000.
 */
export async function insertUnlistedClinics(
  db: Database,
  { count, prefix, digits = 1 }: { count: number; prefix: string; digits?: number },
): Promise<void> {
  // lpad cuts a longer text to its length: the ids have 12 digits, the names at least `digits`.
  const id = sql.raw(`('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid`);
  const email = sql`'unlisted-' || n || '@test.example'`;
  const numbers = sql`generate_series(1, ${count}) AS n`;
  await db.execute(sql`INSERT INTO users (id, email) SELECT ${id}, ${email} FROM ${numbers}`);
  await db.execute(
    sql`INSERT INTO profiles (id, email, role, full_name, is_public)
        SELECT ${id}, ${email}, 'clinic', ${prefix} || lpad(n::text, greatest(length(n::text), ${digits}), '0'), true
        FROM ${numbers}`,
  );
}

/** The number of the certificate `insertClinics` issued a certified clinic. */
export async function certificateNumberOf(db: Database, clinicId: string): Promise<string> {
  const [row] = await db
    .select({ number: certificates.number })
    .from(certificates)
    .where(eq(certificates.clinicId, clinicId));
  if (!row) throw new Error(`Clinic ${clinicId} has no certificate`);
  return row.number;
}

/**
 * A signed-up clinic as approval leaves it: certified, public, with a certificate in force from today,
 * so it is in the register (services/listed.ts) and customers may write to it.
 */
export async function certifyClinic(db: Database, clinicId: string): Promise<string> {
  await db
    .update(profiles)
    .set({ isCertified: true, isPublic: true, applicationStatus: 'Godkänd', certifiedAt: new Date() })
    .where(eq(profiles.id, clinicId));
  return issueCertificate(db, clinicId, new Date());
}
