import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { withLogHygiene } from './lib/logging.ts';
import { createMailer, defaultSender, type Mailer } from './lib/mailer.ts';
import type { DatabaseNotices } from './lib/database-notices.ts';
import type { RegisterChanges } from './lib/register-changes.ts';
import { authPlugin } from './plugins/app/auth.ts';
import { clockPlugin } from './plugins/app/clock.ts';
import { dbPlugin } from './plugins/app/db.ts';
import { registerSearchPlugin } from './plugins/app/register-search.ts';
import { errorsPlugin, sendFrameworkError } from './plugins/app/errors.ts';
import { mailerPlugin } from './plugins/app/mailer.ts';
import { paymentsPlugin } from './plugins/app/payments.ts';
import { createPayments } from './services/payments/setup.ts';
import { messagingPlugin } from './plugins/app/messaging.ts';
import { type ScheduledJob, scheduledJobsPlugin } from './plugins/app/scheduled-jobs.ts';
import { rateLimitPlugin } from './plugins/app/rate-limit.ts';
import { storagePlugin } from './plugins/app/storage.ts';
import { createInProcessMessageBus } from './lib/message-bus/in-process-message-bus.ts';
import type { MessageBus } from './lib/message-bus/message-bus.ts';
import { createFileStore } from './lib/storage/create-file-store.ts';
import type { FileStore } from './lib/storage/file-store.ts';
import { compressionPlugin } from './plugins/external/compression.ts';
import { openapiPlugin } from './plugins/external/openapi.ts';
import { securityPlugin } from './plugins/external/security.ts';
import { webAppPlugin } from './plugins/external/web-app.ts';
import { clinicRoutes } from './routes/api/clinics/index.ts';
import { adminRoutes } from './routes/api/admin/index.ts';
import { paymentRoutes } from './routes/api/payments/index.ts';
import { badgeRoutes } from './routes/api/badge/index.ts';
import { certificateRoutes } from './routes/api/certificates/index.ts';
import { clinicAreaRoutes } from './routes/api/clinic/index.ts';
import { contactRoutes } from './routes/api/contact/index.ts';
import { dataExportDownloadRoutes, meDataExportRoutes } from './routes/api/data-export/index.ts';
import { healthRoutes } from './routes/api/health.ts';
import { placeRoutes } from './routes/api/places/index.ts';
import { meAutohooks } from './routes/api/me/autohooks.ts';
import { messageRoutes } from './routes/api/messages/index.ts';
import { publicApiRoutes } from './routes/api/public/index.ts';
import type { MessageStreamOptions } from './routes/api/messages/stream.ts';
import { bookingPageRoutes } from './routes/api/me/booking-pages.ts';
import { followRoutes } from './routes/api/me/follows.ts';
import { accountRoutes } from './routes/api/me/account.ts';
import { meRoutes } from './routes/api/me/index.ts';
import { reportRoutes } from './routes/api/me/reports.ts';
import { meReviewRoutes } from './routes/api/me/reviews.ts';
import { reviewInvitationRoutes } from './routes/api/review-invitations/index.ts';
import { reviewRoutes } from './routes/api/reviews/index.ts';
import { siteRoutes } from './routes/api/site/index.ts';
import { pageRoutes } from './routes/pages/index.ts';
import { seoRoutes } from './routes/seo.ts';
import { goTrueRoutes } from './routes/auth/v1/index.ts';
import { type AuthRateLimits, authRateLimitsFrom } from './routes/auth/v1/rate-limits.ts';
import { type FollowerDelivery, startFollowerNotifier, tellFollowers } from './services/certificate-followers.ts';
import { runCertificateLifecycle } from './services/certificate-lifecycle.ts';
import { runHousekeeping } from './services/housekeeping.ts';
import { createRegisterSearch } from './services/register-search.ts';
import { type RetentionPeriods, runRetention } from './services/privacy/retention.ts';
import { createLiveInboxes } from './services/messages/live-inboxes.ts';
import { sendUnreadNotices } from './services/messages/unread-notices.ts';
import { resolveJwtSecret } from './services/auth/jwt-secret.ts';
import { identifyBearer } from './services/auth/sessions.ts';
import type { AuthSettings } from './services/auth/settings.ts';

export interface AppOptions {
  db: Database;
  /** The connections of the register's searches, with their time budget (DatabaseHandle.registerDb); `db` by default. */
  registerDb?: Database;
  env: Env;
  /** Folder of the built web app; without a build only the API is served. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** Auth knobs for tests: lower rate limits, a clock to move. */
  auth?: { rateLimits?: Partial<AuthRateLimits>; now?: () => Date };
  /** The clock of the register's day (app.now, plugins/app/clock.ts); tests move it. The system clock by default. */
  now?: () => Date;
  /** Where email goes; by default SMTP_URL, else files in DATA_DIR/outbox. */
  mailer?: Mailer;
  /** Where uploaded files go; by default S3 when S3_BUCKET is set, else DATA_DIR/storage. */
  fileStore?: FileStore;
  /**
   * The background jobs and how often each runs (server.ts: the lifecycle, housekeeping and retention
   * hourly, unread notices every minute); without it none runs, and tests call the services directly.
   */
  schedule?: {
    certificateLifecycleEveryMs: number;
    unreadNoticesEveryMs: number;
    housekeepingEveryMs: number;
    retentionEveryMs: number;
  };
  /**
   * Listens for changes to the register from every process (server.ts: on the database itself), so
   * the register's page cache drops what changed at once; without it a change shows within REGISTER_CACHE_SECONDS.
   */
  registerChanges?: (log: FastifyBaseLogger) => Promise<RegisterChanges>;
  /**
   * Wakes the follower notifier whenever a certificate event is written in any process (server.ts: LISTEN
   * on the database); without it followers are told by the hourly lifecycle only, and tests call the service.
   */
  certificateEvents?: (log: FastifyBaseLogger) => Promise<DatabaseNotices>;
  /** Live messages: the bus across processes (server.ts: LISTEN/NOTIFY on PostgreSQL; by default one in this process) and the stream's heartbeat. */
  messaging?: { createBus?: (log: FastifyBaseLogger) => Promise<MessageBus> } & MessageStreamOptions;
}

/** The background work of every app process (issues 9, 11, 12, 26). */
function scheduledJobs(
  app: FastifyInstance,
  schedule: NonNullable<AppOptions['schedule']>,
  delivery: FollowerDelivery,
  retention: { periods: RetentionPeriods; dataDir: string },
): ScheduledJob[] {
  const { mailer, siteUrl } = delivery;
  return [
    {
      name: 'certificate-lifecycle',
      everyMs: schedule.certificateLifecycleEveryMs,
      run: async (log) => {
        const result = await runCertificateLifecycle(app.db, delivery, app.now());
        const counts = {
          expired: result.expired.length,
          lapsedClinics: result.lapsedClinics.length,
          reminded: result.reminded.length,
          insuranceReminded: result.insuranceReminded.length,
          suspendedForInsurance: result.suspendedForInsurance.length,
          toldFollowers: result.toldFollowers.length,
        };
        if (Object.values(counts).some((count) => count > 0)) log.info(counts, 'certificate lifecycle ran');
      },
    },
    {
      name: 'unread-message-notices',
      everyMs: schedule.unreadNoticesEveryMs,
      run: async (log) => {
        const told = await sendUnreadNotices(app.db, mailer, siteUrl);
        if (told.length > 0) log.info({ told: told.length }, 'unread message notices sent');
      },
    },
    {
      name: 'housekeeping',
      everyMs: schedule.housekeepingEveryMs,
      run: async (log) => log.info(await runHousekeeping(app.db), 'housekeeping ran'),
    },
    {
      name: 'retention',
      everyMs: schedule.retentionEveryMs,
      run: async (log) => {
        await runRetention({ db: app.db, fileStore: app.fileStore, ...retention, log }, app.now());
      },
    },
  ];
}

export const DEFAULT_WEB_ROOT = path.resolve(import.meta.dirname, '../dist/web');

/** Builds the whole app (API, auth, web) on one Fastify instance; it never listens. */
export async function buildApp({
  db,
  registerDb = db,
  env,
  webRoot = DEFAULT_WEB_ROOT,
  logger = false,
  auth = {},
  now = () => new Date(),
  mailer,
  fileStore,
  schedule,
  messaging = {},
  registerChanges,
  certificateEvents,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withLogHygiene(logger),
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // Only the configured proxies (TRUST_PROXY): request.ip, which every per-IP rate limit counts, is then
    // the address they vouch for, never one a client wrote into its own X-Forwarded-For (issue 27).
    trustProxy: env.TRUST_PROXY,
    frameworkErrors: sendFrameworkError,
    // Two info lines per request cost more CPU than many requests themselves (issue 13): errors are
    // logged where they happen (plugins/app/errors.ts); each request is logged at debug only.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Hooks of every request take a callback: an async hook costs each request a promise and a turn.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    // `req` goes through the request serializer, which takes secrets out of the URL (lib/logging.ts).
    if (request.log.level === 'debug' || request.log.level === 'trace')
      request.log.debug(
        { req: request, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request completed',
      );
    done();
  });

  await app.register(securityPlugin, { hsts: env.NODE_ENV === 'production', mapStyleUrl: env.MAP_STYLE_URL });
  await app.register(compressionPlugin);
  // Read, never set: the web app's language cookie (lib/messages.ts requestLanguage).
  await app.register(fastifyCookie);
  await app.register(errorsPlugin);
  await app.register(openapiPlugin);
  await app.register(dbPlugin, { db, registerDb });
  const changes = registerChanges ? await registerChanges(app.log) : undefined;
  if (changes) app.addHook('onClose', () => changes.close());
  await app.register(registerSearchPlugin, {
    search: createRegisterSearch(registerDb, { budgetMs: env.SEARCH_TIME_BUDGET_MS, log: app.log, changes }),
  });
  await app.register(clockPlugin, { now });
  await app.register(rateLimitPlugin);
  await app.register(storagePlugin, { fileStore: fileStore ?? createFileStore(env) });
  // Production makes its admin with `npm run admin:create` only; elsewhere registering ADMIN_EMAIL does (issue 27).
  const adminBySignUp = env.NODE_ENV !== 'production';
  const authSettings: AuthSettings = {
    jwtKey: new TextEncoder().encode(resolveJwtSecret(env)),
    issuer: `${env.SITE_URL}/auth/v1`,
    siteUrl: env.SITE_URL,
    adminEmail: env.ADMIN_EMAIL,
    adminBySignUp,
    now: auth.now ?? (() => new Date()),
  };
  await app.register(authPlugin, {
    settings: authSettings,
    identify: (token) => identifyBearer(db, authSettings, token),
  });
  const outgoingMail =
    mailer ??
    createMailer({
      smtpUrl: env.SMTP_URL,
      dataDir: env.DATA_DIR,
      from: env.MAIL_FROM ?? defaultSender(env.SITE_URL),
      log: app.log,
    });
  await app.register(mailerPlugin, { mailer: outgoingMail });
  await app.register(paymentsPlugin, { payments: createPayments(env, db, app.mailer) });
  const bus = messaging.createBus ? await messaging.createBus(app.log) : createInProcessMessageBus({ log: app.log });
  const liveInboxes = createLiveInboxes({ db, bus, log: app.log, streamsPerAccount: env.STREAMS_PER_ACCOUNT });
  await app.register(messagingPlugin, { bus, liveInboxes });
  const followerDelivery: FollowerDelivery = { bus, mailer: outgoingMail, siteUrl: env.SITE_URL };
  if (certificateEvents) {
    const notices = await certificateEvents(app.log);
    const notifier = startFollowerNotifier({
      notices,
      tell: () => tellFollowers(db, followerDelivery, app.now()),
      log: app.log.child({ job: 'follower-notifier' }),
    });
    app.addHook('onClose', async () => {
      await notifier.stop();
      await notices.close();
    });
  }
  if (schedule) {
    const retention = {
      dataDir: env.DATA_DIR,
      periods: {
        unsentApplicationDocumentsDays: env.RETENTION_UNSENT_APPLICATION_DOCUMENTS_DAYS,
        decisionDocumentsDays: env.RETENTION_DECISION_DOCUMENTS_DAYS,
        deletedAccountDocumentsDays: env.RETENTION_DELETED_ACCOUNT_DOCUMENTS_DAYS,
        outboxDays: env.RETENTION_OUTBOX_DAYS,
      },
    };
    await app.register(scheduledJobsPlugin, { jobs: scheduledJobs(app, schedule, followerDelivery, retention) });
  }

  const authRateLimits = { ...authRateLimitsFrom(env), ...auth.rateLimits };
  await app.register(goTrueRoutes, { prefix: '/auth/v1', rateLimits: authRateLimits });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(clinicRoutes, { prefix: '/clinics', cacheSeconds: env.REGISTER_CACHE_SECONDS, changes });
      await api.register(placeRoutes, { prefix: '/places' });
      await api.register(siteRoutes, {
        prefix: '/site',
        adminEmail: env.ADMIN_EMAIL,
        adminSetup: adminBySignUp ? 'sign-up' : 'admin-create',
        demo: env.SEED_DEMO,
        mapStyleUrl: env.MAP_STYLE_URL,
      });
      await api.register(
        async (me) => {
          await me.register(meAutohooks);
          await me.register(meRoutes);
          await me.register(followRoutes);
          await me.register(bookingPageRoutes);
          await me.register(reportRoutes);
          await me.register(meReviewRoutes);
          await me.register(meDataExportRoutes);
          await me.register(accountRoutes, { passwordChecks: authRateLimits.signInPerEmail });
        },
        { prefix: '/me' },
      );
      await api.register(certificateRoutes, { prefix: '/certificates' });
      await api.register(badgeRoutes, { prefix: '/badge' });
      await api.register(publicApiRoutes, {
        prefix: '/public',
        siteUrl: env.SITE_URL,
        perMinute: env.PUBLIC_API_RATE_LIMIT,
      });
      await api.register(clinicAreaRoutes, {
        prefix: '/clinic',
        reviews: {
          invitationsPerDay: env.REVIEW_INVITATIONS_PER_DAY,
          siteUrl: env.SITE_URL,
          adminEmail: env.ADMIN_EMAIL,
        },
      });
      await api.register(reviewRoutes, { prefix: '/reviews' });
      // A review link is checked like a reset link, under the same per-IP limit (VERIFY_LIMIT_PER_IP).
      await api.register(reviewInvitationRoutes, {
        prefix: '/review-invitations',
        perIp: authRateLimits.verifyPerIp,
      });
      await api.register(adminRoutes, { prefix: '/admin', demo: env.SEED_DEMO });
      await api.register(paymentRoutes, { prefix: '/payments' });
      await api.register(dataExportDownloadRoutes, {
        prefix: '/data-export',
        siteUrl: env.SITE_URL,
        contactEmail: env.ADMIN_EMAIL,
      });
      await api.register(contactRoutes, {
        prefix: '/contact',
        teamEmail: env.ADMIN_EMAIL,
        limitPerIp: env.CONTACT_LIMIT_PER_IP,
      });
      await api.register(messageRoutes, {
        prefix: '/messages',
        heartbeatMs: messaging.heartbeatMs,
        messagesPerMinute: env.MESSAGE_LIMIT_PER_USER,
      });
    },
    { prefix: '/api' },
  );

  await app.register(seoRoutes, { siteUrl: env.SITE_URL });
  await app.register(webAppPlugin, { root: webRoot });
  await app.register(pageRoutes, { siteUrl: env.SITE_URL, mapStyleUrl: env.MAP_STYLE_URL });
  return app;
}
