import fp from 'fastify-plugin';
import type { MessageBus } from '../../lib/message-bus/message-bus.ts';
import type { LiveInboxes } from '../../services/messages/live-inboxes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Announces committed messages, and accounts whose sessions may have ended, to every app process. */
    messageBus: MessageBus;
    /** The live streams open on this process. */
    liveInboxes: LiveInboxes;
  }
}

export interface MessagingOptions {
  /** The bus (LISTEN/NOTIFY on PostgreSQL, in-process on PGlite) and the streams fed from it, made by app.ts. */
  bus: MessageBus;
  liveInboxes: LiveInboxes;
}

/** Live messages on the app (services/messages/live-inboxes.ts): the streams end before the server closes, then the bus. */
export const messagingPlugin = fp<MessagingOptions>(
  async (app, { bus, liveInboxes }) => {
    app.decorate('messageBus', bus);
    app.decorate('liveInboxes', liveInboxes);
    // Open streams would hold the server's close forever: end them first.
    app.addHook('preClose', async () => liveInboxes.closeAll());
    app.addHook('onClose', async () => {
      await liveInboxes.stop();
      await bus.close();
    });
  },
  { name: 'messaging' },
);
