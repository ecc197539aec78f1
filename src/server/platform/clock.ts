/**
 * The server's clock (`deps.now`). Normally the system's; with a start instant (FAKE_NOW, for
 * tests only) it starts there and runs on at the real pace, so "today" can be put at 00:30 UTC.
 */
export function startClock(fakeNow?: string, realNow: () => number = Date.now): () => Date {
  if (!fakeNow) return () => new Date(realNow());
  const offset = new Date(fakeNow).getTime() - realNow();
  return () => new Date(realNow() + offset);
}
