import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EraseAccountSchema } from '../../../../contracts/account-deletion.ts';
import { IdParamsSchema } from '../../../../contracts/admin.ts';
import { eraseAccountByAdmin } from '../../../services/privacy/account-deletion.ts';
import { security, signedInRefusals } from '../route-schemas.ts';

/** POST /api/admin/users/:id/erase (issue 26 point 5): an admin erases a person's account on request (the guard is in autohooks.ts). */
export const adminAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/:id/erase',
    {
      schema: {
        summary:
          "Erase a person's account on their request, with the reason for the audit log: as when the person deletes it (DELETE /api/me/account)",
        tags: ['admin'],
        security,
        params: IdParamsSchema,
        body: EraseAccountSchema,
        response: {
          204: z.null().describe('Erased; a confirmation went to the address'),
          ...signedInRefusals(404, 409, 503),
        },
      },
    },
    async (request, reply) => {
      await eraseAccountByAdmin(
        app.db,
        { mailer: app.mailer, siteUrl: app.authSettings.siteUrl },
        request.account.id,
        request.params.id,
        request.body.reason,
        app.now(),
      );
      await app.liveInboxes.endSignedOut(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
