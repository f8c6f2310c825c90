import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLES } from '../../../../contracts/constants.ts';
import {
  ConversationListQuerySchema,
  ConversationListSchema,
  ConversationParamsSchema,
  NewMessageSchema,
  ReplySchema,
  SentMessageSchema,
  ThreadPageSchema,
  ThreadQuerySchema,
  UnreadSchema,
} from '../../../../contracts/messages.ts';
import { markConversationRead, reply as replyTo, sendMessage } from '../../../services/messages/commands.ts';
import { listConversations, threadPage, unreadTotal } from '../../../services/messages/queries.ts';
import { requestLanguage } from '../../../lib/messages.ts';
import { security, signedInRefusals } from '../route-schemas.ts';
import { refuseOverMessageLimit } from './message-limit.ts';
import { type MessageStreamOptions, messageStreamRoutes } from './stream.ts';

const tags = ['messages'];

/** Messaging for every signed-in role (issue 11): the reader's inbox, threads, replies, new conversations and the live stream. */
export const messageRoutes: FastifyPluginAsyncZod<MessageStreamOptions & { messagesPerMinute: number }> = async (
  app,
  { heartbeatMs, messagesPerMinute },
) => {
  app.addHook('onRequest', app.requireRole(...ROLES));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const perUser = app.createSharedRateLimit('messages-user', {
    max: messagesPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => request.auth?.userId ?? request.ip,
  });
  const limitSending = refuseOverMessageLimit(perUser);

  await app.register(messageStreamRoutes, { heartbeatMs });
  const delivery = { bus: app.messageBus, mailer: app.mailer, siteUrl: app.authSettings.siteUrl };

  app.get(
    '/conversations',
    {
      schema: {
        summary: "The reader's conversations, newest first, with unread counts",
        tags,
        security,
        querystring: ConversationListQuerySchema,
        response: { 200: ConversationListSchema, ...signedInRefusals(404, 503) },
      },
    },
    async (request) => listConversations(app.db, request.account, request.query.page, requestLanguage(request)),
  );

  app.get(
    '/unread',
    {
      schema: {
        summary: "Unread messages in all the reader's conversations (the menu count)",
        tags,
        security,
        response: { 200: UnreadSchema, ...signedInRefusals(404, 503) },
      },
    },
    async (request) => ({ unreadTotal: await unreadTotal(app.db, request.account) }),
  );

  app.get(
    '/conversations/:id/messages',
    {
      schema: {
        summary: 'A page of a conversation, newest first',
        tags,
        security,
        params: ConversationParamsSchema,
        querystring: ThreadQuerySchema,
        response: { 200: ThreadPageSchema, ...signedInRefusals(404, 503) },
      },
    },
    async (request) =>
      threadPage(app.db, request.account, request.params.id, request.query.before, requestLanguage(request)),
  );

  app.post(
    '/conversations/:id/read',
    {
      schema: {
        summary: 'The reader opened the conversation: its messages to the reader are read',
        tags,
        security,
        params: ConversationParamsSchema,
        response: { 200: UnreadSchema, ...signedInRefusals(404, 503) },
      },
    },
    async (request) => ({ unreadTotal: await markConversationRead(app.db, request.account, request.params.id) }),
  );

  app.post(
    '/conversations/:id/messages',
    {
      preHandler: limitSending,
      schema: {
        summary: 'Reply in a conversation',
        tags,
        security,
        params: ConversationParamsSchema,
        body: ReplySchema,
        response: { 201: SentMessageSchema, ...signedInRefusals(404, 429, 503) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await replyTo(app.db, delivery, request.account, request.params.id, request.body.content)),
  );

  app.post(
    '/',
    {
      preHandler: limitSending,
      schema: {
        summary:
          'Write to a person or the team (a customer to a certified clinic, anyone to the team, an admin to anyone)',
        tags,
        security,
        body: NewMessageSchema,
        response: { 201: SentMessageSchema, ...signedInRefusals(404, 429, 503) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await sendMessage(app.db, delivery, request.account, request.body, app.now())),
  );
};
