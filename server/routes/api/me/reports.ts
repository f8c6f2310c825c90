import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ReportFormSchema,
  ReportIdParamsSchema,
  ReportPageSchema,
  ReportQuerySchema,
  ReportSchema,
} from '../../../../contracts/customer-area.ts';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import { sendNotFound } from '../../../plugins/app/errors.ts';
import { customerIdOf, customerOnly } from './customer-only.ts';
import { fileReport, getOwnReport, listOwnReports } from '../../../services/customer-area/reports.ts';

const refusals = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };
const security = [{ bearer: [] }];
const tags = ['customer'];

/** A customer's reports about clinics: filed here, answered by an admin (/api/admin/reports). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(customerOnly);

  app.post(
    '/reports',
    {
      schema: {
        summary: 'File a report about a clinic',
        tags,
        security,
        body: ReportFormSchema,
        response: { 201: ReportSchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await fileReport(app.db, customerIdOf(request), request.body)),
  );

  app.get(
    '/reports',
    {
      schema: {
        summary: "The customer's own reports, newest first, with the admin's answers",
        tags,
        security,
        querystring: ReportQuerySchema,
        response: { 200: ReportPageSchema, ...refusals },
      },
    },
    async (request) => listOwnReports(app.db, customerIdOf(request), request.query),
  );

  app.get(
    '/reports/:id',
    {
      schema: {
        summary: 'One of the own reports',
        tags,
        security,
        params: ReportIdParamsSchema,
        response: { 200: ReportSchema, ...refusals, 404: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      (await getOwnReport(app.db, customerIdOf(request), request.params.id)) ?? sendNotFound(request, reply),
  );
};
