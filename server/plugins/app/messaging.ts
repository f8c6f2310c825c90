import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import { createInProcessMessageBus } from '../../lib/message-bus/in-process-message-bus.ts';
import type { MessageBus, MessageEvent } from '../../lib/message-bus/message-bus.ts';
import type { Reader } from '../../services/messages/conversations.ts';
import { conversationSides, liveMessageFor, type LiveMessage, readsConversation } from '../../services/messages/live.ts';

/** One open live stream: whose inbox it shows and how to reach it. */
export interface LiveInbox {
  reader: Reader;
  deliver(message: LiveMessage): void;
  /** The bus lost its connection for a while: catch up from the database. */
  resync(): void;
  /** The app is closing: end the stream, so the browser reconnects to another process. */
  close(): void;
}

export interface LiveInboxes {
  /** Adds an open stream; returns what removes it. */
  open(inbox: LiveInbox): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Announces committed messages to the live streams of every app process. */
    messageBus: MessageBus;
    /** The live streams open on this process. */
    liveInboxes: LiveInboxes;
  }
}

export interface MessagingOptions {
  /** The bus to use (LISTEN/NOTIFY on PostgreSQL, from server.ts); by default one in this process. */
  createBus?: (log: FastifyBaseLogger) => Promise<MessageBus>;
}

/**
 * Live messages (issue 11): every committed message travels over the bus as two ids; this process
 * reads it once and hands it to each of its open streams whose reader may see it. Events are handled
 * one after the other, so a stream receives them in the order they were announced.
 */
export const messagingPlugin = fp<MessagingOptions>(
  async (app, { createBus }) => {
    const bus = createBus ? await createBus(app.log) : createInProcessMessageBus({ log: app.log });
    const inboxes = new Set<LiveInbox>();

    async function fanOut(event: MessageEvent) {
      if (inboxes.size === 0) return;
      const sides = await conversationSides(app.db, event.conversationId);
      if (!sides) return;
      const readers = [...inboxes].filter((inbox) => readsConversation(inbox.reader, sides));
      if (readers.length === 0) return;
      const deliveries = await liveMessageFor(
        app.db,
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
      queue = queue.then(() => fanOut(event)).catch((error: unknown) => app.log.error({ err: error }, 'a live message could not be delivered'));
    });
    const stopResync = bus.onResync(() => {
      for (const inbox of inboxes) inbox.resync();
    });

    app.decorate('messageBus', bus);
    app.decorate<LiveInboxes>('liveInboxes', {
      open(inbox) {
        inboxes.add(inbox);
        return () => inboxes.delete(inbox);
      },
    });
    // Open streams would hold the server's close forever: end them first.
    app.addHook('preClose', async () => {
      for (const inbox of inboxes) inbox.close();
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      stopResync();
      await queue;
      await bus.close();
    });
  },
  { name: 'messaging', dependencies: ['db'] },
);
