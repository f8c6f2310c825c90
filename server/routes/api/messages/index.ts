import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLES } from '../../../../contracts/constants.ts';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
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
import { sendError } from '../../../plugins/app/errors.ts';
import { sendMessagingError } from './respond.ts';
import {
  listConversations,
  markConversationRead,
  type Reader,
  reply as replyTo,
  sendMessage,
  threadPage,
  unreadTotal,
} from '../../../services/messages/conversations.ts';
import { type MessageStreamOptions, messageStreamRoutes } from './stream.ts';

const refusals = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  503: ApiErrorSchema,
};
const security = [{ bearer: [] }];
const tags = ['messages'];

function readerOf(request: FastifyRequest): Reader {
  // The guard below ran before every route here.
  if (!request.auth) throw new Error('The messages guard did not run');
  return { id: request.auth.userId, role: request.auth.role };
}

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
  const limitSending = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await perUser(request);
    if (result.isAllowed || !result.isExceeded) return undefined;
    return sendError(
      request,
      reply.header('retry-after', result.ttlInSeconds),
      429,
      'too_many_messages',
      'tooManyMessages',
    );
  };

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
        response: { 200: ConversationListSchema, ...refusals },
      },
    },
    async (request) => listConversations(app.db, readerOf(request), request.query.page),
  );

  app.get(
    '/unread',
    {
      schema: {
        summary: "Unread messages in all the reader's conversations (the menu count)",
        tags,
        security,
        response: { 200: UnreadSchema, ...refusals },
      },
    },
    async (request) => ({ unreadTotal: await unreadTotal(app.db, readerOf(request)) }),
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
        response: { 200: ThreadPageSchema, ...refusals },
      },
    },
    async (request, reply) =>
      threadPage(app.db, readerOf(request), request.params.id, request.query.before).catch((error: unknown) =>
        sendMessagingError(request, reply, error),
      ),
  );

  app.post(
    '/conversations/:id/read',
    {
      schema: {
        summary: 'The reader opened the conversation: its messages to the reader are read',
        tags,
        security,
        params: ConversationParamsSchema,
        response: { 200: UnreadSchema, ...refusals },
      },
    },
    async (request, reply) =>
      markConversationRead(app.db, readerOf(request), request.params.id)
        .then((unread) => ({ unreadTotal: unread }))
        .catch((error: unknown) => sendMessagingError(request, reply, error)),
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
        response: { 201: SentMessageSchema, ...refusals, 429: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      replyTo(app.db, delivery, readerOf(request), request.params.id, request.body.content)
        .then((sent) => reply.code(201).send(sent))
        .catch((error: unknown) => sendMessagingError(request, reply, error)),
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
        response: { 201: SentMessageSchema, ...refusals, 429: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      sendMessage(app.db, delivery, readerOf(request), request.body)
        .then((sent) => reply.code(201).send(sent))
        .catch((error: unknown) => sendMessagingError(request, reply, error)),
  );
};
