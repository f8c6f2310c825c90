import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ReportFormSchema,
  ReportIdParamsSchema,
  ReportPageSchema,
  ReportQuerySchema,
  ReportSchema,
} from '../../../../contracts/customer-area.ts';
import { found } from '../../../lib/api-failure.ts';
import { customerOnly } from './customer-only.ts';
import { fileReport, getOwnReport, listOwnReports } from '../../../services/customer-area/reports.ts';
import { security, signedInRefusals } from '../route-schemas.ts';

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
        response: { 201: ReportSchema, ...signedInRefusals() },
      },
    },
    async (request, reply) => reply.code(201).send(await fileReport(app.db, request.account.id, request.body)),
  );

  app.get(
    '/reports',
    {
      schema: {
        summary: "The customer's own reports, newest first, with the admin's answers",
        tags,
        security,
        querystring: ReportQuerySchema,
        response: { 200: ReportPageSchema, ...signedInRefusals() },
      },
    },
    async (request) => listOwnReports(app.db, request.account.id, request.query),
  );

  app.get(
    '/reports/:id',
    {
      schema: {
        summary: 'One of the own reports',
        tags,
        security,
        params: ReportIdParamsSchema,
        response: { 200: ReportSchema, ...signedInRefusals(404) },
      },
    },
    async (request) => found(await getOwnReport(app.db, request.account.id, request.params.id)),
  );
};
