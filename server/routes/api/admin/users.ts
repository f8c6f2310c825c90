import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminMessageSchema,
  LATEST_MESSAGES_COUNT,
  LatestMessagesSchema,
  AdminSiteContentSchema,
  AdminStatsSchema,
  AdminUserEditSchema,
  AdminUserPageSchema,
  AdminUserQuerySchema,
  IdParamsSchema,
  StoredMessageSchema,
} from '../../../../contracts/admin.ts';
import { sendNotFound } from '../../../plugins/app/errors.ts';
import { listCustomers, renameCustomer } from '../../../services/admin/clinics.ts';
import { latestMessages, storeAdminMessage } from '../../../services/admin/messages.ts';
import { getSiteContentForAdmin, updateSiteContent } from '../../../services/admin/site.ts';
import { adminStats } from '../../../services/admin/stats.ts';
import { adminId, refusals, security, sendDecisionError, tags } from './respond.ts';

/** The overview, customers, site content and messages (the guard is in autohooks.ts). */
export const adminConsoleRoutes: FastifyPluginAsyncZod<{ demo: boolean }> = async (app, { demo }) => {
  app.get(
    '/stats',
    {
      schema: {
        summary:
          'Clinics, customers, pending applications and unread messages, counted in one request, and whether this is a demo installation',
        tags,
        security,
        response: { 200: AdminStatsSchema, ...refusals },
      },
    },
    async () => ({ ...(await adminStats(app.db)), demo }),
  );

  app.get(
    '/users',
    {
      schema: {
        summary: 'Customers searched by name or email, by page',
        tags,
        security,
        querystring: AdminUserQuerySchema,
        response: { 200: AdminUserPageSchema, ...refusals },
      },
    },
    async (request) => listCustomers(app.db, request.query),
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        summary: "Change a customer's name (the email stays the person's own)",
        tags,
        security,
        params: IdParamsSchema,
        body: AdminUserEditSchema,
        response: { 204: z.null().describe('Saved'), ...refusals },
      },
    },
    async (request, reply) =>
      renameCustomer(app.db, adminId(request), request.params.id, request.body.fullName).then(
        () => reply.code(204).send(null),
        (error: unknown) => sendDecisionError(request, reply, error),
      ),
  );

  app.get(
    '/site',
    {
      schema: {
        summary: 'The site title and the hero texts in both languages',
        tags,
        security,
        response: { 200: AdminSiteContentSchema, ...refusals },
      },
    },
    async () => getSiteContentForAdmin(app.db),
  );

  app.put(
    '/site',
    {
      schema: {
        summary: 'Save the site title and the hero texts',
        tags,
        security,
        body: AdminSiteContentSchema,
        response: { 200: AdminSiteContentSchema, ...refusals },
      },
    },
    async (request) => updateSiteContent(app.db, adminId(request), request.body),
  );

  app.post(
    '/messages',
    {
      schema: {
        summary: 'Send a message to a clinic or customer',
        tags,
        security,
        body: AdminMessageSchema,
        response: { 201: StoredMessageSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const message = await storeAdminMessage(
        app.db,
        { bus: app.messageBus, mailer: app.mailer },
        adminId(request),
        request.body.recipientId,
        request.body.content,
      );
      return message ? reply.code(201).send(message) : sendNotFound(request, reply);
    },
  );

  app.get(
    '/messages/latest',
    {
      schema: {
        summary: 'The five latest messages of the site, with sender and recipient',
        tags,
        security,
        response: { 200: LatestMessagesSchema, ...refusals },
      },
    },
    async () => latestMessages(app.db, LATEST_MESSAGES_COUNT),
  );
};
