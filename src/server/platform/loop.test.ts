import { describe, expect, it } from 'vitest';
import { startLoop } from './loop';

const log = { error: () => undefined };
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('startLoop', () => {
  it('stops a run working through a backlog after the batch in hand, and starts no run after', async () => {
    let batches = 0;
    let runs = 0;
    const backlog = 1000;
    const stop = startLoop(
      async (signal) => {
        runs += 1;
        while (batches < backlog && !signal.aborted) {
          await nextTurn();
          batches += 1;
        }
      },
      10,
      log,
      'run failed',
    );
    await nextTurn();
    await nextTurn();
    await stop();
    const atStop = batches;
    expect(atStop).toBeGreaterThan(0);
    expect(atStop).toBeLessThan(backlog);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(batches).toBe(atStop);
    expect(runs).toBe(1);
  });

  it('logs a failed run and goes on to the next tick', async () => {
    const errors: string[] = [];
    let runs = 0;
    const stop = startLoop(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('first run fails');
      },
      10,
      { error: (_details, message) => errors.push(message) },
      'run failed',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await stop();
    expect(errors[0]).toBe('run failed');
    expect(runs).toBeGreaterThan(1);
  });
});
