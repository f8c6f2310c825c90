import fp from 'fastify-plugin';
import type { MailMessage, Mailer } from '../../lib/mailer.ts';

export interface BackgroundMailer extends Mailer {
  /**
   * Sends without making the request wait: an answer that came back slower for a known address than
   * for an unknown one would tell who has an account. Failures are logged, never shown.
   */
  sendInBackground(message: MailMessage): void;
  /** Resolves when every message handed over so far has been sent (or has failed). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: BackgroundMailer;
  }
}

export const mailerPlugin = fp<{ mailer: Mailer }>(
  async (app, { mailer }) => {
    const pending = new Set<Promise<void>>();
    const background: BackgroundMailer = {
      // Sends and waits: for an email that belongs to a transaction and fails with it.
      send: (message) => mailer.send(message),
      sendInBackground(message) {
        const sending = mailer
          .send(message)
          .catch((error: unknown) => {
            // The error of a transport may quote the message; log only what failed, not what was sent.
            app.log.error(
              { reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' },
              'email could not be sent',
            );
          })
          .finally(() => pending.delete(sending));
        pending.add(sending);
      },
      async idle() {
        await Promise.all([...pending]);
      },
    };
    app.decorate('mailer', background);
    // A shutdown waits for the reset emails already promised.
    app.addHook('onClose', async () => background.idle());
  },
  { name: 'mailer' },
);
