import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminReportPageSchema,
  AdminReportQuerySchema,
  ReportIdParamsSchema,
  ReportResponseFormSchema,
  ReportSchema,
} from '../../../../contracts/customer-area.ts';
import { AdminReportCountSchema } from '../../../../contracts/admin.ts';
import { found } from '../../../lib/api-failure.ts';
import { requestLanguage } from '../../../lib/messages.ts';
import { countWaitingReports } from '../../../services/admin/stats.ts';
import { answerReport, listReports } from '../../../services/customer-area/reports.ts';

import { security, signedInRefusals } from '../route-schemas.ts';

const tags = ['admin'];

/** The admin's side of customers' reports (the guard is in autohooks.ts). */
export const adminReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports',
    {
      schema: {
        summary: 'Reports, newest first, optionally of one status',
        tags,
        security,
        querystring: AdminReportQuerySchema,
        response: { 200: AdminReportPageSchema, ...signedInRefusals() },
      },
    },
    async (request) => listReports(app.db, request.query, requestLanguage(request)),
  );

  app.get(
    '/reports/count',
    {
      schema: {
        summary: 'How many reports wait for an answer (status Ny): the admin menu’s badge',
        tags,
        security,
        response: { 200: AdminReportCountSchema, ...signedInRefusals() },
      },
    },
    async () => countWaitingReports(app.db),
  );

  app.patch(
    '/reports/:id',
    {
      schema: {
        summary:
          'Answer a report; saving always marks it Hanterad, and a new or changed answer is emailed to the customer',
        tags,
        security,
        params: ReportIdParamsSchema,
        body: ReportResponseFormSchema,
        response: { 200: ReportSchema, ...signedInRefusals(404, 503) },
      },
    },
    async (request) =>
      found(
        await answerReport(
          app.db,
          { mailer: app.mailer, siteUrl: app.authSettings.siteUrl },
          request.account.id,
          request.params.id,
          request.body.adminResponse,
        ),
      ),
  );
};
