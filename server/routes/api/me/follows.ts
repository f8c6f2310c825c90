import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClinicIdParamsSchema,
  FollowedPageSchema,
  FollowedQuerySchema,
  FollowStatusQuerySchema,
  FollowStatusSchema,
} from '../../../../contracts/customer-area.ts';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import { sendNotFound } from '../../../plugins/app/errors.ts';
import { customerIdOf, customerOnly } from './customer-only.ts';
import {
  followClinic,
  followedAmong,
  listFollowedClinics,
  unfollowClinic,
} from '../../../services/customer-area/follows.ts';

const refusals = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };
const security = [{ bearer: [] }];
const tags = ['customer'];

/** Following clinics: customers only (the /api/me guard lets every role in; this narrows it). */
export const followRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(customerOnly);

  app.get(
    '/follows',
    {
      schema: {
        summary: 'The followed clinics that are in the register, most recently followed first',
        tags,
        security,
        querystring: FollowedQuerySchema,
        response: { 200: FollowedPageSchema, ...refusals },
      },
    },
    async (request) => listFollowedClinics(app.db, customerIdOf(request), request.query),
  );

  app.get(
    '/follows/status',
    {
      schema: {
        summary: 'Which of these clinics (a page of cards, comma separated ids) the customer follows',
        tags,
        security,
        querystring: FollowStatusQuerySchema,
        response: { 200: FollowStatusSchema, ...refusals },
      },
    },
    async (request) => ({ followed: await followedAmong(app.db, customerIdOf(request), request.query.clinicIds) }),
  );

  app.put(
    '/follows/:clinicId',
    {
      schema: {
        summary: 'Follow a clinic of the register (doing it twice is the same as once)',
        tags,
        security,
        params: ClinicIdParamsSchema,
        response: { 204: z.null().describe('Following'), ...refusals, 404: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      (await followClinic(app.db, customerIdOf(request), request.params.clinicId))
        ? reply.code(204).send(null)
        : sendNotFound(request, reply),
  );

  app.delete(
    '/follows/:clinicId',
    {
      schema: {
        summary: 'Stop following a clinic',
        tags,
        security,
        params: ClinicIdParamsSchema,
        response: { 204: z.null().describe('Not following'), ...refusals },
      },
    },
    async (request, reply) => {
      await unfollowClinic(app.db, customerIdOf(request), request.params.clinicId);
      return reply.code(204).send(null);
    },
  );
};
