import fp from 'fastify-plugin';
import type { Mailer } from '../../lib/mailer.ts';
import { runCertificateLifecycle } from '../../services/certificate-lifecycle.ts';

export interface CertificateLifecycleOptions {
  mailer: Mailer;
  siteUrl: string;
  /** How often the lifecycle runs; the first run follows the start by `firstRunMs`. */
  everyMs: number;
  firstRunMs?: number;
}

/**
 * Runs the certificate lifecycle (expiry on 1 January, renewal reminders) in every app process, every
 * hour (decision 013): each run is idempotent, so several processes may run it at the same moment.
 */
export const certificateLifecyclePlugin = fp<CertificateLifecycleOptions>(
  async (app, { mailer, siteUrl, everyMs, firstRunMs = 10_000 }) => {
    let running: Promise<void> | undefined;
    const run = () => {
      if (running) return;
      running = runCertificateLifecycle(app.db, mailer, siteUrl)
        .then((result) => {
          if (result.expired.length + result.reminded.length > 0)
            app.log.info({ expired: result.expired.length, lapsedClinics: result.lapsedClinics.length, reminded: result.reminded.length }, 'certificate lifecycle ran');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'certificate lifecycle failed; it runs again within the hour'))
        .finally(() => {
          running = undefined;
        });
    };
    const first = setTimeout(run, firstRunMs);
    const every = setInterval(run, everyMs);
    first.unref();
    every.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(every);
      await running;
    });
  },
  { name: 'certificate-lifecycle', dependencies: ['db'] },
);
