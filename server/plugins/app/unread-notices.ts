import fp from 'fastify-plugin';
import type { Mailer } from '../../lib/mailer.ts';
import { sendUnreadNotices } from '../../services/messages/unread-notices.ts';

export interface UnreadNoticesOptions {
  mailer: Mailer;
  siteUrl: string;
  everyMs: number;
}

/**
 * Tells people by email about messages they left unread for 15 minutes, checked every minute in
 * every app process (idempotent, like the certificate lifecycle of decision 013).
 */
export const unreadNoticesPlugin = fp<UnreadNoticesOptions>(
  async (app, { mailer, siteUrl, everyMs }) => {
    let running: Promise<void> | undefined;
    const run = () => {
      if (running) return;
      running = sendUnreadNotices(app.db, mailer, siteUrl)
        .then((told) => {
          if (told.length > 0) app.log.info({ told: told.length }, 'unread message notices sent');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'unread message notices failed; tried again next run'))
        .finally(() => {
          running = undefined;
        });
    };
    const every = setInterval(run, everyMs);
    every.unref();
    app.addHook('onClose', async () => {
      clearInterval(every);
      await running;
    });
  },
  { name: 'unread-notices', dependencies: ['db'] },
);
