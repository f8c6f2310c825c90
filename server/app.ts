import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { dbPlugin } from './plugins/app/db.ts';
import { errorsPlugin } from './plugins/app/errors.ts';
import { openapiPlugin } from './plugins/external/openapi.ts';
import { securityPlugin } from './plugins/external/security.ts';
import { webAppPlugin } from './plugins/external/web-app.ts';
import { clinicRoutes } from './routes/api/clinics/index.ts';
import { healthRoutes } from './routes/api/health.ts';
import { siteRoutes } from './routes/api/site/index.ts';

export interface AppOptions {
  db: Database;
  env: Env;
  /** Folder of the built web app; without a build only the API is served. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
}

export const DEFAULT_WEB_ROOT = path.resolve(import.meta.dirname, '../dist/web');

/** Builds the whole app (API, auth, web) on one Fastify instance; it never listens. */
export async function buildApp({ db, env, webRoot = DEFAULT_WEB_ROOT, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: env.NODE_ENV === 'production',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(securityPlugin);
  await app.register(errorsPlugin);
  await app.register(openapiPlugin);
  await app.register(dbPlugin, { db });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(clinicRoutes, { prefix: '/clinics' });
      await api.register(siteRoutes, { prefix: '/site', adminEmail: env.ADMIN_EMAIL, demo: env.SEED_DEMO });
    },
    { prefix: '/api' },
  );

  await app.register(webAppPlugin, { root: webRoot });
  return app;
}
