import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DocumentIdParamsSchema } from '../../../../contracts/clinic-area.ts';
import { sendAttachment } from '../../../lib/send-file.ts';
import { found } from '../../../lib/api-failure.ts';
import { openClinicDocument } from '../../../services/clinic-area/clinic-documents.ts';
import { adminAccountRoutes } from './accounts.ts';
import { adminAutohooks } from './autohooks.ts';
import { adminClinicRoutes } from './clinics.ts';
import { adminFactRoutes } from './facts.ts';
import { adminPaymentRoutes } from './payments.ts';
import { adminReportRoutes } from './reports.ts';
import { adminReviewRoutes } from './reviews.ts';
import { adminConsoleRoutes } from './users.ts';
import { adminDataExportRoutes } from '../data-export/index.ts';
import { security, signedInRefusals } from '../route-schemas.ts';

/** Everything under /api/admin: the certification body's console (role admin, autohooks.ts). */
export const adminRoutes: FastifyPluginAsyncZod<{ demo: boolean }> = async (app, { demo }) => {
  await app.register(adminAutohooks);
  await app.register(adminReportRoutes);
  await app.register(adminReviewRoutes);
  await app.register(adminClinicRoutes);
  await app.register(adminFactRoutes);
  await app.register(adminPaymentRoutes);
  await app.register(adminConsoleRoutes, { demo });
  await app.register(adminDataExportRoutes);
  await app.register(adminAccountRoutes);

  app.get(
    '/documents/:id/download',
    {
      schema: {
        summary: "Download any clinic's document for review (as an attachment)",
        tags: ['admin'],
        security,
        params: DocumentIdParamsSchema,
        response: signedInRefusals(404),
      },
    },
    async (request, reply) =>
      sendAttachment(reply, found(await openClinicDocument(app.db, app.fileStore, request.params.id, null))),
  );
};
