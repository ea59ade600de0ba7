import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` once the server is ready, then every `ms`, until it closes; the timer never holds the process
 * open. A pass still running when the next is due is not doubled (a backlog may outlast the interval), and a
 * failed pass is logged as `<name> failed` and retried at the next tick.
 */
export function every(app: FastifyInstance, name: string, ms: number, task: () => Promise<void>): void {
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (err) {
      app.log.warn({ err }, `${name} failed`);
    } finally {
      running = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void pass();
    timer = setInterval(pass, ms);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
