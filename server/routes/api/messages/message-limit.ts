import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiFailure } from '../../../lib/api-failure.ts';

type SharedRateLimitCheck = ReturnType<FastifyRequest['server']['createSharedRateLimit']>;

/** A preHandler refusing a message past `check`'s limit: 429 too_many_messages, with when to try again. */
export function refuseOverMessageLimit(check: SharedRateLimitCheck) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new ApiFailure(429, 'too_many_messages', 'tooManyMessages');
  };
}
