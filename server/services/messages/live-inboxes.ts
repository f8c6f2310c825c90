import type { FastifyBaseLogger } from 'fastify';
import type { StreamEnd } from '../../../contracts/messages.ts';
import type { Database } from '../../db/client.ts';
import type { MessageBus, MessageEvent } from '../../lib/message-bus/message-bus.ts';
import { conversationSides, liveMessageFor, type LiveMessage, liveSessions } from './live.ts';
import { type Reader, readsConversation } from './policy.ts';

/** One open live stream: whose inbox it shows, with which session, and how to reach it. */
export interface LiveInbox {
  reader: Reader;
  /** The session the stream was opened with: signing it out ends the stream. */
  sessionId: string;
  deliver(message: LiveMessage): void;
  /** The bus lost its connection for a while: catch up from the database. */
  resync(): void;
  /** The app is closing: end the stream, so the browser reconnects to another process. */
  close(): void;
  /** Ends the stream for good with an `end` event saying why. */
  end(reason: StreamEnd): void;
}

export interface LiveInboxes {
  /**
   * Adds an open stream; returns what removes it. When its account has more than `streamsPerAccount`
   * open on this process, the oldest of them ends with `too_many_streams`.
   */
  open(inbox: LiveInbox): () => void;
  /**
   * Ends at once the account's streams whose session no longer exists, on this process and, through
   * the bus, on every other: call it after a request that may have ended sessions (sign-out, a
   * password or address change, a revoked refresh token). Never rejects.
   */
  endSignedOut(userId: string): Promise<void>;
  /** The app is closing: ends every open stream, so each browser reconnects to another process. */
  closeAll(): void;
  /** Stops listening to the bus and waits for the deliveries under way. */
  stop(): Promise<void>;
}

export interface LiveInboxesOptions {
  db: Database;
  bus: MessageBus;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Open live streams one account may have on this process (STREAMS_PER_ACCOUNT). */
  streamsPerAccount: number;
}

/**
 * Live messages (issue 11): every committed message travels over the bus as two ids; this process
 * reads it once and hands it to each of its open streams whose reader may see it. Events are handled
 * one after the other, so a stream receives them in the order they were announced. An account whose
 * sessions may have ended travels as its id, and each process ends that account's streams whose
 * session is gone (issue 27 point 5).
 */
export function createLiveInboxes({ db, bus, log, streamsPerAccount }: LiveInboxesOptions): LiveInboxes {
  const inboxes = new Set<LiveInbox>();
  /** The open streams of each account, oldest first (a Set keeps the order of insertion). */
  const byAccount = new Map<string, Set<LiveInbox>>();

  function remove(inbox: LiveInbox) {
    inboxes.delete(inbox);
    const mine = byAccount.get(inbox.reader.id);
    mine?.delete(inbox);
    if (mine?.size === 0) byAccount.delete(inbox.reader.id);
  }

  /** Ends the account's streams on this process whose session no longer exists. Never rejects. */
  async function endLocalSignedOut(userId: string) {
    const mine = byAccount.get(userId);
    if (!mine) return;
    const open = [...mine];
    let live: Set<string>;
    try {
      live = await liveSessions(
        db,
        open.map((inbox) => inbox.sessionId),
      );
    } catch (error) {
      // The heartbeat's own check ends them a little later.
      log.warn({ err: error }, 'live streams of a signed-out account could not be checked');
      return;
    }
    for (const inbox of open) {
      if (live.has(inbox.sessionId)) continue;
      remove(inbox);
      inbox.end({ code: 'session_ended' });
    }
  }

  async function fanOut(event: MessageEvent) {
    if (inboxes.size === 0) return;
    const sides = await conversationSides(db, event.conversationId);
    if (!sides) return;
    const readers = [...inboxes].filter((inbox) => readsConversation(inbox.reader, sides));
    if (readers.length === 0) return;
    const deliveries = await liveMessageFor(
      db,
      sides,
      event.messageId,
      readers.map((inbox) => inbox.reader),
    );
    for (const inbox of readers) {
      const delivery = deliveries.get(inbox.reader);
      if (delivery) inbox.deliver(delivery);
    }
  }

  let queue = Promise.resolve();
  const unsubscribe = bus.subscribe((event) => {
    queue = queue
      .then(() => fanOut(event))
      .catch((error: unknown) => log.error({ err: error }, 'a live message could not be delivered'));
  });
  // Also this process's own announcements, when endSignedOut has already ended what they would end.
  const unsubscribeSessionsEnded = bus.subscribeSessionsEnded(({ userId }) => {
    queue = queue.then(() => endLocalSignedOut(userId));
  });
  const stopResync = bus.onResync(() => {
    for (const inbox of inboxes) inbox.resync();
  });

  return {
    open(inbox) {
      inboxes.add(inbox);
      const mine = byAccount.get(inbox.reader.id) ?? new Set<LiveInbox>();
      byAccount.set(inbox.reader.id, mine);
      mine.add(inbox);
      // Each stream holds a connection and a slot of the fan-out: one account cannot pile them up
      // (issue 27 point 5). The oldest goes, as a browser's newest tab is the one being looked at.
      const excess = [...mine].slice(0, Math.max(0, mine.size - streamsPerAccount));
      for (const older of excess) {
        remove(older);
        older.end({ code: 'too_many_streams' });
      }
      return () => remove(inbox);
    },
    async endSignedOut(userId) {
      // Here at once, without waiting for the bus (which may be reconnecting); elsewhere through it.
      const local = endLocalSignedOut(userId);
      try {
        await bus.publishSessionsEnded(undefined, { userId });
      } catch (error) {
        // The other processes' heartbeats end their streams a little later.
        log.warn({ err: error }, 'the end of sessions could not be announced to the other processes');
      }
      await local;
    },
    closeAll() {
      for (const inbox of inboxes) inbox.close();
    },
    async stop() {
      unsubscribe();
      unsubscribeSessionsEnded();
      stopResync();
      await queue;
    },
  };
}
