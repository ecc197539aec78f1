import { describe, expect, it } from 'vitest';
import { claimChunkReload, isChunkLoadError } from './chunk-reload';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe('reloading after a failed chunk', () => {
  it('recognises the browsers\' failed dynamic imports and a failed preload, nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/dashboard-page-abc.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/index-abc.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once per failure: a second failure on the same page right after shows the error page', () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, '/dashboard', 1_000)).toBe(true);
    expect(claimChunkReload(storage, '/dashboard', 3_000)).toBe(false);
    expect(claimChunkReload(storage, '/dashboard', 4_000)).toBe(false);
  });

  it('reloads again for another page, or for a later deploy', () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, '/dashboard', 1_000)).toBe(true);
    expect(claimChunkReload(storage, '/invoices', 2_000)).toBe(true);
    expect(claimChunkReload(storage, '/invoices', 2_000 + 10 * 60_000)).toBe(true);
  });

  it('never reloads when storage refuses to remember', () => {
    const storage = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(claimChunkReload(storage, '/dashboard', 1_000)).toBe(false);
  });
});
