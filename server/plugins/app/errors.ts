import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '../../../contracts/errors.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { type MessageKey, requestLanguage, translateMessage } from '../../lib/messages.ts';

/** Fastify's own 4xx errors, under stable codes and in the asker's language. */
const KNOWN_CLIENT_ERRORS: Record<string, { status: number; code: string; key: MessageKey }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', key: 'payloadTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', key: 'unsupportedMediaType' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_json', key: 'invalidJson' },
  // @fastify/multipart: an upload route asked for a file the request does not carry as multipart.
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'unsupported_media_type', key: 'notMultipart' },
  FST_FILES_LIMIT: { status: 413, code: 'payload_too_large', key: 'oneFileOnly' },
  FST_PARTS_LIMIT: { status: 413, code: 'payload_too_large', key: 'payloadTooLarge' },
  FST_FIELDS_LIMIT: { status: 413, code: 'payload_too_large', key: 'payloadTooLarge' },
};

/** Answers `{ error: { code, message, issues } }` with the message in the asker's language. */
function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  key: MessageKey,
  issues?: ApiError['error']['issues'],
) {
  const body: ApiError = { error: { code, message: translateMessage(key, requestLanguage(request)), issues } };
  return reply.code(status).send(body);
}

/**
 * One shape for every failure of `/api`: `{ error: { code, message, issues } }` in the asker's
 * language. A service's refusal (ApiFailure) and bad input are a 4xx with their reason; anything
 * else is logged with the request id and answered without internals.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | ApiFailure, request, reply) => {
      if (error instanceof ApiFailure) {
        const language = requestLanguage(request);
        const issues = error.issues?.map(({ path, message }) => ({
          path,
          message: translateMessage(message, language),
        }));
        return sendError(request, reply, error.status, error.code, error.key, issues);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const language = requestLanguage(request);
        const issues = error.validation.map((issue) => ({
          path: issue.instancePath.split('/').filter(Boolean),
          message: translateMessage(issue.message ?? 'validation:invalidRequest', language),
        }));
        const first = issues[0];
        const body: ApiError = {
          error: {
            code: 'invalid_request',
            message: first
              ? `${first.path.join('.') || error.validationContext}: ${first.message}`
              : translateMessage('invalidRequest', language),
            issues,
          },
        };
        return reply.code(400).send(body);
      }
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return sendError(request, reply, 400, 'invalid_json', 'invalidJson');
      }
      const known = KNOWN_CLIENT_ERRORS[error.code];
      if (known) {
        return sendError(request, reply, known.status, known.code, known.key);
      }
      if (error.statusCode === 429) {
        return sendError(request, reply, 429, 'too_many_requests', 'tooManyRequests');
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        request.log.info({ err: error }, 'request rejected');
        return sendError(request, reply, error.statusCode, error.code ?? 'bad_request', 'invalidRequest');
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, 500, 'internal', 'internal');
    });
  },
  { name: 'errors' },
);

/**
 * Errors Fastify meets before it finds a route: a path parameter with a broken %-escape
 * (FST_ERR_BAD_URL) or longer than maxParamLength (FST_ERR_MAX_PARAM_LENGTH). Fastify would answer
 * them in a shape of its own, naming its internal codes and without the security headers (no
 * onRequest hook has run); the route fuzzer (server/fuzz) found them. Such a parameter can name
 * nothing, so it is an invalid request like any other.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: error.code }, 'request rejected before routing');
  // Neither the security plugin's onRequest hook nor buildApp's onSend hook runs for these answers.
  request.server.setSecurityHeaders(reply);
  reply.header('x-request-id', request.id);
  return sendError(request, reply, 400, 'invalid_request', 'invalidRequest');
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  // Under /auth/v1 in GoTrue's shape, which auth-js reads (server/routes/auth/v1).
  if (request.url.startsWith('/auth/v1/'))
    return reply.code(404).send({ code: 404, error_code: 'not_found', msg: 'Not Found' });
  return sendError(request, reply, 404, 'not_found', 'notFound');
}
