import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminMessageSchema,
  LATEST_MESSAGES_COUNT,
  LatestMessagesSchema,
  AdminSiteContentAnswerSchema,
  AdminSiteContentSchema,
  AdminStatsSchema,
  AdminUserEditSchema,
  AdminUserPageSchema,
  AdminUserQuerySchema,
  IdParamsSchema,
  StoredMessageSchema,
} from '../../../../contracts/admin.ts';
import { found } from '../../../lib/api-failure.ts';
import { requestLanguage } from '../../../lib/messages.ts';
import { listCustomers, renameCustomer } from '../../../services/admin/clinics.ts';
import { latestMessages, storeAdminMessage } from '../../../services/admin/messages.ts';
import { getSiteContentForAdmin, updateSiteContent } from '../../../services/admin/site.ts';
import { adminStats } from '../../../services/admin/stats.ts';
import { security, signedInRefusals } from '../route-schemas.ts';

const tags = ['admin'];

/** The overview, customers, site content and messages (the guard is in autohooks.ts). */
export const adminConsoleRoutes: FastifyPluginAsyncZod<{ demo: boolean }> = async (app, { demo }) => {
  app.get(
    '/stats',
    {
      schema: {
        summary:
          "Clinics (all, and those in the register), customers, applications waiting for a decision and the team inbox's unread messages, counted in one request, and whether this is a demo installation",
        tags,
        security,
        response: { 200: AdminStatsSchema, ...signedInRefusals(404) },
      },
    },
    async (request) => ({ ...(await adminStats(app.db, request.account, app.now())), demo }),
  );

  app.get(
    '/users',
    {
      schema: {
        summary: 'Customers searched by name or email, by page',
        tags,
        security,
        querystring: AdminUserQuerySchema,
        response: { 200: AdminUserPageSchema, ...signedInRefusals(404) },
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
        response: { 204: z.null().describe('Saved'), ...signedInRefusals(404) },
      },
    },
    async (request, reply) => {
      await renameCustomer(app.db, request.account.id, request.params.id, request.body.fullName);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/site',
    {
      schema: {
        summary: "The site title, the hero texts in both languages and the footer's social profiles",
        tags,
        security,
        response: { 200: AdminSiteContentAnswerSchema, ...signedInRefusals(404) },
      },
    },
    async () => getSiteContentForAdmin(app.db),
  );

  app.put(
    '/site',
    {
      schema: {
        summary: "Save the site title, the hero texts and the footer's social profiles (https; empty hides one)",
        tags,
        security,
        body: AdminSiteContentSchema,
        response: { 200: AdminSiteContentAnswerSchema, ...signedInRefusals(404) },
      },
    },
    async (request) => updateSiteContent(app.db, request.account.id, request.body),
  );

  app.post(
    '/messages',
    {
      schema: {
        summary: 'Send a message to a clinic or customer',
        tags,
        security,
        body: AdminMessageSchema,
        response: { 201: StoredMessageSchema, ...signedInRefusals(404) },
      },
    },
    async (request, reply) => {
      const message = await storeAdminMessage(
        app.db,
        { bus: app.messageBus, mailer: app.mailer },
        request.account.id,
        request.body.recipientId,
        request.body.content,
      );
      return reply.code(201).send(found(message));
    },
  );

  app.get(
    '/messages/latest',
    {
      schema: {
        summary: 'The five latest messages of the site, with sender and recipient',
        tags,
        security,
        response: { 200: LatestMessagesSchema, ...signedInRefusals(404) },
      },
    },
    async (request) => latestMessages(app.db, LATEST_MESSAGES_COUNT, requestLanguage(request)),
  );
};
