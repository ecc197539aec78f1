/**
 * Runs `run` at start and every `intervalMs` until stopped, never twice at once in one process
 * (a tick while a run is going on is skipped). A failed run is logged with `failure` and the loop
 * goes on. Returns the stop function, which waits for a run in progress. The background loops
 * (reminders, recurring invoices, weekly reports, the payment and sync schedulers, webhooks) use it.
 */
export function startLoop(
  run: () => Promise<unknown>,
  intervalMs: number,
  log: { error: (details: object, message: string) => void },
  failure: string,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = run()
      .catch((error: unknown) => log.error({ err: error }, failure))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
