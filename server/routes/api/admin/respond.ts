import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import type { MessageKey } from '../../../lib/messages.ts';
import { sendError } from '../../../plugins/app/errors.ts';
import { DecisionError } from '../../../services/admin/decisions.ts';

export const refusals = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
export const security = [{ bearer: [] }];
export const tags = ['admin'];

/** The signed-in admin's id; the guard (autohooks.ts) ran before every route here. */
export function adminId(request: FastifyRequest): string {
  if (!request.auth) throw new Error('The admin guard did not run');
  return request.auth.userId;
}

const DECISION_MESSAGES: Record<DecisionError['code'], MessageKey> = {
  not_found: 'notFound',
  status_conflict: 'statusConflict',
  application_incomplete: 'approvalIncomplete',
  name_taken: 'listedNameTaken',
  no_change_request: 'noChangeRequest',
};

/** Answers a refused decision (unknown clinic, status already changed, incomplete, name taken); anything else goes on to the error handler. */
export function sendDecisionError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof DecisionError)) throw error;
  const issues = error.missing.map((requirement) => ({ path: [requirement], message: requirement }));
  return sendError(
    request,
    reply,
    error.status,
    error.code,
    DECISION_MESSAGES[error.code],
    issues.length > 0 ? issues : undefined,
  );
}
