import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeleteAccountSchema } from '../../../../contracts/account-deletion.ts';
import { ApiFailure } from '../../../lib/api-failure.ts';
import { deleteOwnAccount } from '../../../services/privacy/account-deletion.ts';
import { security, signedInRefusals } from '../route-schemas.ts';

export interface AccountRouteOptions {
  /** Password checks per account in a window: SIGNIN_LIMIT_PER_EMAIL, counted with PUT /auth/v1/user's. */
  passwordChecks: { max: number; timeWindowMs: number };
}

/** DELETE /api/me/account (issue 26 point 2): any signed-in role deletes its own account with its password. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRouteOptions> = async (app, { passwordChecks }) => {
  // Checking the password is a sign-in: under the same name as PUT /auth/v1/user's check of the current
  // password, so a stolen access token buys no more guesses here than there.
  const limit = app.createSharedRateLimit('signInPerEmail-user', {
    max: passwordChecks.max,
    timeWindow: passwordChecks.timeWindowMs,
    keyGenerator: (request) => request.auth?.userId ?? request.ip,
  });

  app.delete(
    '/account',
    {
      preHandler: async (request, reply) => {
        const result = await limit(request);
        if (result.isAllowed || !result.isExceeded) return;
        reply.header('retry-after', result.ttlInSeconds);
        throw new ApiFailure(429, 'too_many_requests', 'tooManyRequests');
      },
      schema: {
        summary:
          'Delete the own account with its password: signed out everywhere at once, the account kept only as an anonymous row (a clinic’s certificate withdrawn, "Kontot avslutat")',
        tags: ['me'],
        security,
        body: DeleteAccountSchema,
        response: {
          204: z.null().describe('Deleted; a confirmation went to the address'),
          ...signedInRefusals(409, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const userId = request.account.id;
      await deleteOwnAccount(
        app.db,
        { mailer: app.mailer, siteUrl: app.authSettings.siteUrl },
        userId,
        request.body.password,
        app.now(),
      );
      // Open live streams end now, on every process, as after a sign-out.
      await app.liveInboxes.endSignedOut(userId);
      return reply.code(204).send(null);
    },
  );
};
