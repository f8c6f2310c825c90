import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClinicFactListSchema, FactIdParamsSchema } from '../../../../contracts/clinic-area.ts';
import { ClinicFactSchema, FactInputSchema } from '../../../../contracts/facts.ts';
import {
  addClinicFact,
  changeClinicFact,
  deleteClinicFact,
  listClinicFacts,
} from '../../../services/clinic-area/clinic-facts.ts';
import { security, signedInRefusals } from '../route-schemas.ts';

const tags = ['clinic'];

/** The facts the clinic states behind its certificate (issue 22): only ever its own, found by the id in its token. */
export const clinicFactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/facts',
    {
      schema: {
        summary: "The clinic's facts with their checks, and which kinds its chosen treatments need",
        tags,
        security,
        response: { 200: ClinicFactListSchema, ...signedInRefusals(404) },
      },
    },
    async (request) => listClinicFacts(app.db, request.account.id, app.now()),
  );

  app.post(
    '/facts',
    {
      schema: {
        summary:
          'State a fact: liability insurance, IVO registration, municipal notification or a licensed practitioner (unchecked until an admin checks it)',
        tags,
        security,
        body: FactInputSchema,
        response: { 201: ClinicFactSchema, ...signedInRefusals(409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addClinicFact(app.db, request.account.id, request.body, app.now())),
  );

  app.put(
    '/facts/:id',
    {
      schema: {
        summary:
          'Change a stated fact (same kind): it is unchecked again. The organisation number follows the application',
        tags,
        security,
        params: FactIdParamsSchema,
        body: FactInputSchema,
        response: { 200: ClinicFactSchema, ...signedInRefusals(404, 409) },
      },
    },
    async (request) => changeClinicFact(app.db, request.account.id, request.params.id, request.body, app.now()),
  );

  app.delete(
    '/facts/:id',
    {
      schema: {
        summary: 'Delete a stated fact. The organisation number follows the application',
        tags,
        security,
        params: FactIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...signedInRefusals(404, 409) },
      },
    },
    async (request, reply) => {
      await deleteClinicFact(app.db, request.account.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
