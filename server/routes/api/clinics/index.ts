import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClinicPageSchema, ClinicSearchQuerySchema } from '../../../../contracts/clinics.ts';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import { searchClinics } from '../../../services/clinic-register.ts';

/** The public register: no sign-in needed. */
export const clinicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        summary: 'Search certified, public clinics by name or city',
        querystring: ClinicSearchQuerySchema,
        response: { 200: ClinicPageSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => searchClinics(app.db, request.query),
  );
};
