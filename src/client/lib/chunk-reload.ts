/**
 * After a deploy, a tab opened before it asks for chunks whose hashed names no longer exist (the
 * server answers 404). Reloading fetches the new index.html and its chunks; the guard in
 * sessionStorage makes it once per failure, so a chunk that really is broken shows the error page
 * instead of reloading forever.
 */
const storageKey = 'signal-ar:chunk-reload';
/** A second failure on the same page this soon after the reload is not a stale tab. */
const guardMs = 30_000;

/** Chromium, Firefox and Safari's messages for a failed dynamic import, and Vite's for a failed preload. */
const chunkErrorPattern =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && chunkErrorPattern.test(error.message);
}

/**
 * True when the page should reload now, and records it; false when this page already reloaded for
 * a failed chunk moments ago (then the error page shows).
 */
export function claimChunkReload(storage: Pick<Storage, 'getItem' | 'setItem'>, pathname: string, now = Date.now()): boolean {
  try {
    const last = JSON.parse(storage.getItem(storageKey) ?? 'null') as { pathname?: unknown; at?: unknown } | null;
    if (last && last.pathname === pathname && typeof last.at === 'number' && now - last.at < guardMs) return false;
    storage.setItem(storageKey, JSON.stringify({ pathname, at: now }));
    return true;
  } catch {
    // Storage refused (private mode quotas): never risk a reload loop.
    return false;
  }
}
