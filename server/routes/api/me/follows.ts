import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClinicIdParamsSchema,
  FollowedPageSchema,
  FollowedQuerySchema,
  FollowStatusQuerySchema,
  FollowStatusSchema,
} from '../../../../contracts/customer-area.ts';
import { notFound } from '../../../lib/api-failure.ts';
import { customerOnly } from './customer-only.ts';
import {
  followClinic,
  followedAmong,
  listFollowedClinics,
  unfollowClinic,
} from '../../../services/customer-area/follows.ts';
import { security, signedInRefusals } from '../route-schemas.ts';

const tags = ['customer'];

/** Following clinics: customers only (the /api/me guard lets every role in; this narrows it). */
export const followRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(customerOnly);

  app.get(
    '/follows',
    {
      schema: {
        summary:
          'The followed clinics in the register, and those that left it with why and since when, most recently followed first',
        tags,
        security,
        querystring: FollowedQuerySchema,
        response: { 200: FollowedPageSchema, ...signedInRefusals() },
      },
    },
    async (request) => listFollowedClinics(app.db, request.account.id, request.query, app.now()),
  );

  app.get(
    '/follows/status',
    {
      schema: {
        summary: 'Which of these clinics (a page of cards, comma separated ids) the customer follows',
        tags,
        security,
        querystring: FollowStatusQuerySchema,
        response: { 200: FollowStatusSchema, ...signedInRefusals() },
      },
    },
    async (request) => ({ followed: await followedAmong(app.db, request.account.id, request.query.clinicIds) }),
  );

  app.put(
    '/follows/:clinicId',
    {
      schema: {
        summary: 'Follow a clinic of the register (doing it twice is the same as once)',
        tags,
        security,
        params: ClinicIdParamsSchema,
        response: { 204: z.null().describe('Following'), ...signedInRefusals(404) },
      },
    },
    async (request, reply) => {
      if (!(await followClinic(app.db, request.account.id, request.params.clinicId, app.now()))) throw notFound();
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/follows/:clinicId',
    {
      schema: {
        summary: 'Stop following a clinic',
        tags,
        security,
        params: ClinicIdParamsSchema,
        response: { 204: z.null().describe('Not following'), ...signedInRefusals() },
      },
    },
    async (request, reply) => {
      await unfollowClinic(app.db, request.account.id, request.params.clinicId);
      return reply.code(204).send(null);
    },
  );
};
