import type { FastifyInstance } from 'fastify';

/**
 * Runs `sweep` every `everyMs` for as long as the server runs: one run at a time, never keeping the process
 * alive, and waited for on close (its queries must not outlive the database). A failed run is logged and
 * the next one tries again. Every API process runs its sweeps; each sweep's writes must take a row once.
 */
export function periodicSweep(app: FastifyInstance, what: string, everyMs: number, sweep: () => Promise<void>): void {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= sweep()
      .catch((error: unknown) => app.log.warn({ err: error }, `${what} failed`))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
