import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminReportPageSchema,
  AdminReportQuerySchema,
  ReportIdParamsSchema,
  ReportResponseFormSchema,
  ReportSchema,
} from '../../../../contracts/customer-area.ts';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import { sendNotFound } from '../../../plugins/app/errors.ts';
import { answerReport, listReports } from '../../../services/customer-area/reports.ts';

const refusals = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };
const security = [{ bearer: [] }];
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
        response: { 200: AdminReportPageSchema, ...refusals },
      },
    },
    async (request) => listReports(app.db, request.query),
  );

  app.patch(
    '/reports/:id',
    {
      schema: {
        summary: 'Answer a report; saving always marks it Hanterad',
        tags,
        security,
        params: ReportIdParamsSchema,
        body: ReportResponseFormSchema,
        response: { 200: ReportSchema, ...refusals, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!request.auth) throw new Error('The admin guard did not run');
      return (
        (await answerReport(app.db, request.auth.userId, request.params.id, request.body.adminResponse)) ??
        sendNotFound(request, reply)
      );
    },
  );
};
