import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthError, authErrors, toGoTrueBody } from '../../../lib/auth-error.ts';
import type { AuthRateLimits } from './rate-limits.ts';
import { recoveryRoutes } from './recovery.ts';
import { sessionRoutes } from './sessions.ts';
import { userRoutes } from './user.ts';

const CLIENT_ERRORS: Record<string, AuthError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: new AuthError(413, 'validation_failed', 'Request body too large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new AuthError(
    415,
    'validation_failed',
    'The request body must be JSON (Content-Type: application/json)',
  ),
};

/**
 * `/auth/v1`: the GoTrue subset of ARCHITECTURE "Auth". Everything in here, failures included,
 * answers in GoTrue's shapes, so @supabase/auth-js works unchanged.
 */
export const goTrueRoutes: FastifyPluginAsyncZod<{ rateLimits: AuthRateLimits }> = async (app, { rateLimits }) => {
  // auth-js sends `Content-Type: application/json` with an empty body on POST /logout; GoTrue
  // reads no body there, so an empty JSON body is "no body" here rather than Fastify's 400.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, typeof body === 'string' ? body : body.toString('utf8'), done);
  });

  // Tokens must not be cached by the browser or a proxy (RFC 6749 section 5.1).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let refusal: AuthError;
    if (error instanceof AuthError) {
      refusal = error;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath.split('/').filter(Boolean).join('.') || error.validationContext || 'body';
      refusal = authErrors.validation(`${where}: ${first?.message ?? 'invalid'}`);
    } else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      refusal = authErrors.badJson();
    } else if (CLIENT_ERRORS[error.code]) {
      refusal = CLIENT_ERRORS[error.code] as AuthError;
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'auth request rejected');
      refusal = authErrors.validation(error.message, error.statusCode);
    } else {
      request.log.error({ err: error }, 'auth request failed');
      refusal = new AuthError(
        500,
        'unexpected_failure',
        'Unexpected failure, please check server logs for more information',
      );
    }
    return reply.code(refusal.status).send(toGoTrueBody(refusal));
  });

  // A request that may have ended sessions (sign-out, a password or address change) ends their live
  // streams at once, on this process and through the bus on every other, not at the streams' next
  // heartbeat (issue 27 point 5).
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300 && request.auth)
      await app.liveInboxes.endSignedOut(request.auth.userId);
  });

  await app.register(sessionRoutes, { rateLimits });
  await app.register(userRoutes, { rateLimits });
  await app.register(recoveryRoutes, { rateLimits });
};
