import type { FastifyServerOptions } from 'fastify';

/**
 * Query parameters that carry secrets: a reset link's token above all (GET /reset-password?token_hash=…),
 * and a data export's download ticket (GET /api/data-export?ticket=…).
 */
const SECRET_PARAMS = new Set([
  'token_hash',
  'token',
  'access_token',
  'refresh_token',
  'code',
  'password',
  'apikey',
  'ticket',
]);

/** The URL with the values of secret query parameters replaced, for the request log. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const key of new Set(query.keys())) {
    if (SECRET_PARAMS.has(key.toLowerCase())) {
      query.set(key, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, queryStart)}?${query.toString()}` : url;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number | undefined } | null;
}

/**
 * Fastify's request line without secrets. Like Fastify's own it has no headers and no body, so
 * Authorization, cookies and the JSON bodies of /auth/v1 (passwords, tokens) never reach the log.
 */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Adds the project's log hygiene to any logger settings given to buildApp. */
export function withLogHygiene(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger || logger === true) return logger ? { serializers: { req: serializeRequest } } : logger;
  return {
    ...logger,
    // Belt and braces: the request serializer logs no headers, but a hand-written log line might.
    redact: logger.redact ?? {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers.apikey'],
      remove: true,
    },
    serializers: { ...logger.serializers, req: serializeRequest },
  };
}
