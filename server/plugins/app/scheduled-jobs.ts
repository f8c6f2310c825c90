import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';

/** Work an app process repeats on a timer: idempotent, so every process may run it at the same moment (decision 013). */
export interface ScheduledJob {
  name: string;
  everyMs: number;
  /** The first run follows the start by this much (default 10 s), off the start's busy moment. */
  firstRunMs?: number;
  /** One run; it logs what it did, when it did something, to the job's log. */
  run: (log: FastifyBaseLogger) => Promise<void>;
}

/**
 * Runs each job on its timer in this process, one run of a job at a time; a failed run is logged
 * and the next one tries again. Closing the app waits for the runs under way.
 */
export const scheduledJobsPlugin = fp<{ jobs: ScheduledJob[] }>(
  async (app, { jobs }) => {
    const timers: NodeJS.Timeout[] = [];
    const running = new Map<string, Promise<void>>();
    for (const job of jobs) {
      const run = () => {
        if (running.has(job.name)) return;
        const log = app.log.child({ job: job.name });
        const current = job
          .run(log)
          .catch((error: unknown) => log.error({ err: error }, 'scheduled job failed; it runs again on its next turn'))
          .finally(() => running.delete(job.name));
        running.set(job.name, current);
      };
      timers.push(setTimeout(run, job.firstRunMs ?? 10_000), setInterval(run, job.everyMs));
    }
    for (const timer of timers) timer.unref();
    app.addHook('onClose', async () => {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(running.values());
    });
  },
  { name: 'scheduled-jobs', dependencies: ['db'] },
);
