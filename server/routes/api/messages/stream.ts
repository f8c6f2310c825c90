import fastifySse from '@fastify/sse';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decodeCursor, type TimeCursor, TimeCursorSchema } from '../../../../contracts/cursors.ts';
import { STREAM_HEARTBEAT_MS, type StreamEnd, type Unread } from '../../../../contracts/messages.ts';
import type { LiveInbox } from '../../../services/messages/live-inboxes.ts';
import type { Reader } from '../../../services/messages/policy.ts';
import { messageCursor, unreadTotal } from '../../../services/messages/queries.ts';
import { type LiveMessage, messagesSince, sessionIsLive } from '../../../services/messages/live.ts';
import { requestLanguage } from '../../../lib/messages.ts';
import { refusals, security } from '../route-schemas.ts';

export interface MessageStreamOptions {
  /** How often a ping goes out and the session is checked again (SPEC section 9: 25 s); tests shorten it. */
  heartbeatMs?: number;
}

/** How many delivered message ids a stream remembers, to skip the ones a catch-up sends twice. */
const REMEMBERED_IDS = 500;

/** The later of two positions in time order (created_at, then id). */
function later(left: TimeCursor, right: TimeCursor): TimeCursor {
  const leftTime = Date.parse(left[0]);
  const rightTime = Date.parse(right[0]);
  return leftTime < rightTime || (leftTime === rightTime && left[1] < right[1]) ? right : left;
}

/**
 * GET /api/messages/stream (contracts/messages.ts, "The live stream"): the signed-in reader's new
 * messages as server-sent events, from whichever process stored them. The token is checked when the
 * stream opens; after that the session is checked with every ping, so a refreshed token keeps the
 * stream and a signed-out or revoked session ends it (at once, through whichever process it was
 * signed out or by npm run admin:create: LiveInboxes.endSignedOut). Opening more streams than
 * STREAMS_PER_ACCOUNT ends the account's oldest (services/messages/live-inboxes.ts).
 */
export const messageStreamRoutes: FastifyPluginAsyncZod<MessageStreamOptions> = async (
  app,
  { heartbeatMs = STREAM_HEARTBEAT_MS },
) => {
  // Heartbeats are this route's pings (with the session check), not the plugin's comments.
  await app.register(fastifySse, { heartbeatInterval: 0 });

  app.get(
    '/stream',
    {
      sse: 'only',
      // Compressed, events would wait in the compressor's buffer (ARCHITECTURE "known pitfalls").
      compress: false,
      schema: {
        summary:
          'Live new messages as server-sent events: ready, message (id = cursor, replayed after Last-Event-ID), ping, end',
        tags: ['messages'],
        security,
        headers: z.object({ 'last-event-id': z.string().max(200).optional() }),
        response: { 200: z.string().describe('text/event-stream'), ...refusals(401, 403) },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth) throw new Error('The messages guard did not run');
      const reader: Reader = { id: auth.userId, role: auth.role };
      const language = requestLanguage(request);
      const sse = reply.sse;
      sse.keepAlive();

      const sessionId = auth.session.id;
      const sentIds: string[] = [];
      // Without Last-Event-ID the browser has just loaded its inbox: after a bus outage, catch up from now.
      // An id that is none of ours (every one the stream sends is a valid cursor) counts as none: a
      // 400 would end an EventSource for good (the spec's "fail the connection") and send this app's
      // own client into a reconnect every 10 s with the same id, while the stream from now is what a
      // client without an id gets anyway (issue 27 point 4).
      const resumeFrom = sse.lastEventId ? decodeCursor(TimeCursorSchema, sse.lastEventId) : null;
      let lastPosition =
        resumeFrom ?? messageCursor({ createdAt: new Date(), id: '00000000-0000-0000-0000-000000000000' });
      // Live events wait while the stream is opening or catching up, then go out in order.
      let held: LiveMessage[] | null = [];
      let ended = false;

      const write = (message: LiveMessage) => {
        if (ended || sentIds.includes(message.data.message.id)) return;
        sentIds.push(message.data.message.id);
        if (sentIds.length > REMEMBERED_IDS) sentIds.shift();
        lastPosition = later(lastPosition, message.position);
        sse.send({ id: message.cursor, event: 'message', data: message.data }).catch(() => end());
      };
      const catchUp = async () => {
        held ??= [];
        for (const message of await messagesSince(app.db, reader, lastPosition, language)) write(message);
        const waiting = held;
        held = null;
        for (const message of waiting) write(message);
      };

      const inbox: LiveInbox = {
        reader,
        sessionId,
        deliver: (message) => (held ? held.push(message) : write(message)),
        resync: () =>
          void catchUp().catch((error: unknown) => request.log.warn({ err: error }, 'live stream could not catch up')),
        close: () => end(),
        end: (reason) => end(reason),
      };
      const remove = app.liveInboxes.open(inbox);
      const heartbeat = setInterval(() => void checkAndPing(), heartbeatMs);

      function end(reason?: StreamEnd) {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        remove();
        if (reason && sse.isConnected) {
          sse.send({ event: 'end', data: reason }).finally(() => sse.close());
        } else {
          sse.close();
        }
      }
      async function checkAndPing() {
        if (ended) return;
        if (!(await sessionIsLive(app.db, sessionId))) return end({ code: 'session_ended' });
        await sse.send({ event: 'ping', data: '' }).catch(() => end());
      }
      sse.onClose(() => end());

      const ready: Unread = { unreadTotal: await unreadTotal(app.db, reader) };
      // Ended meanwhile (signed out, or a newer stream of the account took its place): nothing more to send.
      if (ended) return;
      await sse.send({ event: 'ready', data: ready });
      await catchUp();
    },
  );
};
