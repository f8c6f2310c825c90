import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../../../plugins/app/errors.ts';
import { MessagingError } from '../../../services/messages/conversations.ts';

/** A refusal of the messaging services as a translated answer; anything else is a real failure and is rethrown. */
export function sendMessagingError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof MessagingError)) throw error;
  const key = { not_found: 'notFound', recipient_not_allowed: 'recipientNotAllowed', mail_failed: 'mailFailed' } as const;
  return sendError(request, reply, error.status, error.code, key[error.code]);
}
