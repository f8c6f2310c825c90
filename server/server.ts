import path from 'node:path';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoDeletedAccount } from './services/demo/deleted-account.ts';
import { seedDemoPayments } from './services/demo/payments.ts';
import {
  seedDemoAccounts,
  seedDemoActivity,
  seedDemoCertificates,
  seedDemoClinics,
  seedDemoDocuments,
  seedSiteContent,
} from './services/demo/seed.ts';
import { loadEnv } from './env.ts';
import { createMessageBus } from './lib/message-bus/create-message-bus.ts';
import { listenForCertificateEvents } from './lib/database-notices.ts';
import { listenForRegisterChanges } from './lib/register-changes.ts';
import { createFileStore } from './lib/storage/create-file-store.ts';
import { hasAdmin } from './services/auth/admin.ts';
import { placeUnplacedClinics } from './services/clinic-position.ts';
import { reconcileFileStore } from './services/storage-reconcile.ts';

const HOUR = 60 * 60 * 1000;
const env = loadEnv();
const handle = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  searchBudgetMs: env.SEARCH_TIME_BUDGET_MS,
  registerPoolSize: env.REGISTER_POOL_SIZE,
});
const fileStore = createFileStore(env);
await handle.migrate();
await seedSiteContent(handle.db, { demo: env.SEED_DEMO });
if (env.SEED_DEMO) {
  await seedDemoClinics(handle.db);
  await seedDemoAccounts(handle.db);
  await seedDemoDocuments(handle.db, fileStore);
  await seedDemoActivity(handle.db);
  await seedDemoDeletedAccount(handle.db);
  await seedDemoCertificates(handle.db);
  await seedDemoPayments(handle.db);
}
// Clinics whose city was saved before positions existed (issue 24) get their town's position.
await placeUnplacedClinics(handle.db);

const app = await buildApp({
  db: handle.db,
  registerDb: handle.registerDb,
  env,
  fileStore,
  // buildApp adds the redaction: no headers, bodies or secret query parameters in the log (server/lib/logging.ts).
  logger: { level: env.LOG_LEVEL },
  schedule: {
    certificateLifecycleEveryMs: HOUR,
    unreadNoticesEveryMs: 60 * 1000,
    housekeepingEveryMs: HOUR,
    retentionEveryMs: HOUR,
  },
  // LISTEN/NOTIFY on PostgreSQL, so a message reaches the streams of every process; in-process on PGlite.
  messaging: { createBus: (log) => createMessageBus(handle, { log }) },
  // A change to the register, made in any process, reaches the page cache of this one at once.
  registerChanges: (log) => listenForRegisterChanges(handle, { log }),
  // A certificate's change, made in any process, wakes the notifier that tells the clinic's followers.
  certificateEvents: (log) => listenForCertificateEvents(handle, { log }),
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await handle.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// A crash between writing a file and its row leaves a file nobody lists: remove such leftovers.
const healed = await reconcileFileStore(handle.db, fileStore);
if (
  healed.removedFiles.length +
    healed.removedDocuments.length +
    healed.clearedCovers.length +
    healed.removedPartialUploads >
  0
) {
  app.log.warn({ ...healed, store: fileStore.kind }, 'file store and database disagreed; healed');
}

await app.listen({ port: env.PORT, host: env.HOST });
app.log.info(
  `Certifierad Klinik on http://${env.HOST}:${env.PORT} (${handle.engine}${handle.engine === 'pglite' ? ` in ${path.resolve(env.DATA_DIR)}` : ''})`,
);
// Production grants the admin role only through `npm run admin:create` (issue 27), so say when there is none yet.
if (env.NODE_ENV === 'production' && !(await hasAdmin(handle.db))) {
  app.log.warn(
    'No admin account yet: create one with `npm run admin:create -- --email <address>` (docs/decisions/007)',
  );
}
// SEED_DEMO=1 in production: demo accounts with published passwords exist, and /credentials lists them.
if (env.NODE_ENV === 'production' && env.SEED_DEMO) {
  app.log.warn(
    'This is a demo installation (SEED_DEMO=1): demo clinics and accounts are seeded and their passwords are public on /credentials. Unset SEED_DEMO for a real installation.',
  );
}
