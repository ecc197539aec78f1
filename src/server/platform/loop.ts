/**
 * Runs `run` at start and every `intervalMs` until stopped, never twice at once in one process
 * (a tick while a run is going on is skipped). A failed run is logged with `failure` and the loop
 * goes on. Returns the stop function: it aborts `signal`, so a run working through a backlog stops
 * after the batch in hand (what is left waits for the next run, here or in another process), and
 * waits for it. The background loops (reminders, recurring invoices, weekly reports, the payment
 * and sync schedulers, webhooks) use it.
 */
export function startLoop(
  run: (signal: AbortSignal) => Promise<unknown>,
  intervalMs: number,
  log: { error: (details: object, message: string) => void },
  failure: string,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const stopping = new AbortController();
  const tick = () => {
    if (running || stopping.signal.aborted) return;
    running = run(stopping.signal)
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
    stopping.abort();
    await running;
  };
}
