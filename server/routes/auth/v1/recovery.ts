import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GoTrueErrorSchema,
  GoTrueSessionSchema,
  RecoverBodySchema,
  VerifyBodySchema,
} from '../../../../contracts/auth.ts';
import { verifyEmailChange } from '../../../services/auth/email-change.ts';
import { authErrors } from '../../../lib/auth-error.ts';
import { requestRecovery, verifyRecovery } from '../../../services/auth/recovery.ts';
import { type AuthRateLimits, rateLimitHook } from './rate-limits.ts';

export const recoveryRoutes: FastifyPluginAsyncZod<{ rateLimits: AuthRateLimits }> = async (app, { rateLimits }) => {
  app.post(
    '/recover',
    {
      schema: {
        summary: 'Email a password-reset link; the answer is the same whether the address has an account or not',
        tags: ['auth'],
        body: RecoverBodySchema,
        response: { 200: z.object({}), 400: GoTrueErrorSchema, 422: GoTrueErrorSchema, 429: GoTrueErrorSchema },
      },
      onRequest: rateLimitHook(app, rateLimits, 'recoverPerIp', 'ip'),
      preHandler: rateLimitHook(app, rateLimits, 'recoverPerEmail', 'email'),
    },
    async (request) => {
      const message = await requestRecovery(app.db, app.authSettings, request.body);
      if (message) app.mailer.sendInBackground(message);
      return {};
    },
  );

  app.post(
    '/verify',
    {
      schema: {
        summary:
          'Exchange the token of a reset link ({ type: "recovery", token_hash }) for a recovery session, or of an address-change link ({ type: "email_change", token_hash }) for a session with the new address',
        tags: ['auth'],
        body: VerifyBodySchema,
        response: {
          200: GoTrueSessionSchema,
          400: GoTrueErrorSchema,
          403: GoTrueErrorSchema,
          422: GoTrueErrorSchema,
          429: GoTrueErrorSchema,
        },
      },
      onRequest: rateLimitHook(app, rateLimits, 'verifyPerIp', 'ip'),
    },
    async (request) => {
      if (request.body?.type !== 'email_change') return verifyRecovery(app.db, app.authSettings, request.body);
      if (!request.body.token_hash) throw authErrors.validation('Verify requires a token_hash');
      const { session, notice } = await verifyEmailChange(app.db, app.authSettings, request.body.token_hash);
      app.mailer.sendInBackground(notice);
      // Every earlier session of the account ended: so do their live streams.
      void app.liveInboxes.endSignedOut(session.user.id);
      return session;
    },
  );
};
