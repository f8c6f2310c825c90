import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GoTrueErrorSchema,
  GoTrueSessionSchema,
  LOGOUT_SCOPES,
  LogoutQuerySchema,
  SignUpBodySchema,
  TokenBodySchema,
  TokenQuerySchema,
} from '../../../../contracts/auth.ts';
import { requestLanguage, translateMessage } from '../../../lib/messages.ts';
import { authErrors } from '../../../lib/auth-error.ts';
import { type LogoutScope, refreshSession, signOut } from '../../../services/auth/sessions.ts';
import { signInWithPassword, signUp } from '../../../services/auth/users.ts';
import { type AuthRateLimits, rateLimitHook } from './rate-limits.ts';

const refusals = { 400: GoTrueErrorSchema, 401: GoTrueErrorSchema, 422: GoTrueErrorSchema, 429: GoTrueErrorSchema };

export const sessionRoutes: FastifyPluginAsyncZod<{ rateLimits: AuthRateLimits }> = async (app, { rateLimits }) => {
  app.post(
    '/signup',
    {
      schema: {
        summary: 'Register with email, password and data.full_name / data.role; auto-confirmed, answers a session',
        tags: ['auth'],
        body: SignUpBodySchema,
        response: { 200: GoTrueSessionSchema, ...refusals },
      },
      onRequest: rateLimitHook(app, rateLimits, 'signUpPerIp', 'ip'),
      preHandler: rateLimitHook(app, rateLimits, 'signUpPerEmail', 'email'),
    },
    async (request) =>
      signUp(app.db, app.authSettings, request.body, {
        passwordTooShort: translateMessage('passwordTooShort', requestLanguage(request)),
      }),
  );

  const isPasswordGrant = (request: { query: unknown }) =>
    (request.query as { grant_type?: unknown }).grant_type === 'password';
  app.post(
    '/token',
    {
      schema: {
        summary:
          'Sign in (grant_type=password) or refresh a session (grant_type=refresh_token, rotating the refresh token)',
        tags: ['auth'],
        querystring: TokenQuerySchema,
        body: TokenBodySchema,
        response: { 200: GoTrueSessionSchema, ...refusals },
      },
      onRequest: rateLimitHook(app, rateLimits, 'signInPerIp', 'ip', isPasswordGrant),
      preHandler: rateLimitHook(app, rateLimits, 'signInPerEmail', 'email', isPasswordGrant),
    },
    async (request) => {
      const grantType = request.query.grant_type;
      if (grantType === 'password') return signInWithPassword(app.db, app.authSettings, request.body);
      if (grantType === 'refresh_token') {
        const outcome = await refreshSession(app.db, app.authSettings, request.body?.refresh_token);
        if (outcome.kind === 'refreshed') return outcome.session;
        request.log.warn(
          { userId: outcome.userId, sessionId: outcome.sessionId },
          'rotated refresh token presented after the reuse interval: session revoked',
        );
        void app.liveInboxes.endSignedOut(outcome.userId);
        throw authErrors.refreshTokenAlreadyUsed();
      }
      throw authErrors.validation('unsupported_grant_type');
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        summary: 'Sign out this session (local), every session (global, the default) or all others (others)',
        tags: ['auth'],
        querystring: LogoutQuerySchema,
        response: { 204: z.null().describe('Signed out'), ...refusals },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const scope = request.query.scope ?? 'global';
      if (!(LOGOUT_SCOPES as readonly string[]).includes(scope))
        throw authErrors.validation(`Unsupported logout scope "${scope}"`);
      if (!request.auth) throw authErrors.noAuthorization();
      await signOut(app.db, request.auth, scope as LogoutScope);
      return reply.code(204).send(null);
    },
  );
};
