import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { startClock } from './clock';

describe('the server clock', () => {
  it('is the system clock without FAKE_NOW', () => {
    expect(startClock(undefined, () => 1_000)().getTime()).toBe(1_000);
  });

  it('starts at FAKE_NOW and runs on at the real pace', () => {
    let real = Date.parse('2026-11-24T03:50:00Z');
    const now = startClock('2026-11-24T00:30:00Z', () => real);
    expect(now().toISOString()).toBe('2026-11-24T00:30:00.000Z');
    real += 90_000;
    expect(now().toISOString()).toBe('2026-11-24T00:31:30.000Z');
  });

  it('reads FAKE_NOW only as a timestamp, and never in production', () => {
    expect(parseEnv({ FAKE_NOW: '2026-11-24T00:30:00Z', NODE_ENV: 'test' }).FAKE_NOW).toBe('2026-11-24T00:30:00Z');
    expect(() => parseEnv({ FAKE_NOW: 'tonight' })).toThrow(/^Invalid FAKE_NOW: must be an ISO timestamp/);
    expect(() => parseEnv({ FAKE_NOW: '2026-11-24T00:30:00Z', NODE_ENV: 'production' })).toThrow(
      'Invalid FAKE_NOW: is for tests only and is refused when NODE_ENV=production',
    );
  });
});
