import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import type { MessageKey } from '../../../lib/messages.ts';
import { sendError } from '../../../plugins/app/errors.ts';
import { ClinicAreaError } from '../../../services/clinic-area/clinic-profile.ts';

const CLINIC_AREA_MESSAGES: Record<ClinicAreaError['code'], MessageKey> = {
  not_found: 'notFound',
  application_incomplete: 'applicationIncomplete',
  already_submitted: 'alreadySubmitted',
  already_certified: 'alreadyCertified',
  renewal_not_open: 'renewalNotOpen',
  renewal_already_submitted: 'renewalAlreadySubmitted',
  name_taken: 'listedNameTaken',
  no_change_request: 'noChangeRequest',
};

/** Answers a refusal of the clinic area's services; anything else goes on to the error handler. */
export function sendClinicAreaError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof ClinicAreaError)) throw error;
  const issues = error.missing.map((requirement) => ({ path: [requirement], message: requirement }));
  return sendError(
    request,
    reply,
    error.status,
    error.code,
    CLINIC_AREA_MESSAGES[error.code],
    issues.length > 0 ? issues : undefined,
  );
}

export const clinicClientId = (request: FastifyRequest): string => {
  // The guard (autohooks.ts) ran before every route here, so a signed-in clinic is certain.
  if (!request.auth) throw new Error('The clinic guard did not run');
  return request.auth.userId;
};

export const refusals = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
export const security = [{ bearer: [] }];
export const tags = ['clinic'];
