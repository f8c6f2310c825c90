import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage, translateMessage } from '../../../lib/messages.ts';
import { sendError } from '../../../plugins/app/errors.ts';
import { MessagingError } from '../../../services/messages/conversations.ts';

/** A refusal of the messaging services as a translated answer; anything else is a real failure and is rethrown. */
export function sendMessagingError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof MessagingError)) throw error;
  const key = {
    not_found: 'notFound',
    recipient_not_allowed: 'recipientNotAllowed',
    mail_failed: 'mailFailed',
    thread_link_invalid: 'contactThreadLinkInvalid',
    thread_email_mismatch: 'contactThreadEmailMismatch',
  } as const;
  // The address of the form is the field to fix when it is not the one the link was sent to.
  const issues =
    error.code === 'thread_email_mismatch'
      ? [{ path: ['email'], message: translateMessage(key[error.code], requestLanguage(request)) }]
      : undefined;
  return sendError(request, reply, error.status, error.code, key[error.code], issues);
}
