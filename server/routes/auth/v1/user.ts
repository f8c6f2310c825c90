import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GoTrueErrorSchema, GoTrueUserSchema, UpdateUserBodySchema } from '../../../../contracts/auth.ts';
import { requestLanguage, translateMessage } from '../../../lib/messages.ts';
import { authErrors } from '../../../lib/auth-error.ts';
import { getUser, updateUser } from '../../../services/auth/users.ts';
import { type AuthRateLimits, rateLimitHook } from './rate-limits.ts';

const refusals = { 400: GoTrueErrorSchema, 401: GoTrueErrorSchema, 422: GoTrueErrorSchema };

export const userRoutes: FastifyPluginAsyncZod<{ rateLimits: AuthRateLimits }> = async (app, { rateLimits }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/user',
    { schema: { summary: 'The signed-in user', tags: ['auth'], response: { 200: GoTrueUserSchema, ...refusals } } },
    async (request) => {
      if (!request.auth) throw authErrors.noAuthorization();
      return getUser(app.db, request.auth);
    },
  );

  app.put(
    '/user',
    {
      schema: {
        summary:
          'Change data.full_name and/or the password (with current_password, unless in a recovery session); a new email (with current_password) waits for the link mailed to it (new_email)',
        tags: ['auth'],
        body: UpdateUserBodySchema,
        response: { 200: GoTrueUserSchema, ...refusals, 429: GoTrueErrorSchema },
      },
      // Checking the current password is a sign-in: a stolen access token must not buy unlimited guesses
      // (nor unlimited confirmation emails to other addresses).
      preHandler: rateLimitHook(app, rateLimits, 'signInPerEmail', 'user', (request) => {
        const body = request.body as { password?: unknown; email?: unknown } | null;
        return body?.password !== undefined || body?.email !== undefined;
      }),
    },
    async (request) => {
      if (!request.auth) throw authErrors.noAuthorization();
      const { user, email } = await updateUser(app.db, app.authSettings, request.auth, request.body, {
        passwordTooShort: translateMessage('passwordTooShort', requestLanguage(request)),
      });
      if (email) app.mailer.sendInBackground(email);
      return user;
    },
  );
};
