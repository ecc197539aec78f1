import { describe, expect, it } from 'vitest';
import { type FinishedSync, overallHealth, scoreHealth, suggestedAction } from './health';
import { syncPeriod } from './scheduler';

const ok: FinishedSync = { status: 'succeeded', error: null, finishedAt: new Date() };
const failed = (error: string): FinishedSync => ({ status: 'failed', error, finishedAt: new Date() });

describe('health score', () => {
  it('is 100 and connected before any sync; a pending authorization is a warning', () => {
    expect(scoreHealth('connected', [])).toMatchObject({ status: 'connected', healthScore: 100, issues: [] });
    expect(scoreHealth('pending_authorization', [])).toMatchObject({ status: 'warning', healthScore: 100 });
    expect(scoreHealth('disconnected', [ok])).toMatchObject({ status: 'disconnected', healthScore: 0 });
  });

  it('counts only the last 20 and takes 10 per failure in a row, never below 0', () => {
    // Newest first: 3 failures in a row, then 17 successes, then 5 old failures outside the window.
    const history = [failed('Request timed out'), failed('Request timed out'), failed('HTTP 401 Unauthorized'), ...Array(17).fill(ok), ...Array(5).fill(failed('old'))];
    const figures = scoreHealth('connected', history);
    expect(figures).toMatchObject({ recentSyncs: 20, recentFailures: 3, consecutiveFailures: 3, healthScore: 85 - 30, status: 'error' });
    expect(figures.issues).toEqual([
      { message: 'Request timed out', suggestedAction: 'Retry later' },
      { message: 'HTTP 401 Unauthorized', suggestedAction: 'Reconnect the integration' },
    ]);
    expect(scoreHealth('connected', Array(20).fill(failed('x'))).healthScore).toBe(0);
    expect(scoreHealth('connected', [ok, failed('x')])).toMatchObject({ healthScore: 50, status: 'warning', consecutiveFailures: 0, issues: [] });
    expect(scoreHealth('connected', Array(10).fill(ok))).toMatchObject({ healthScore: 100, status: 'healthy' });
  });

  it('averages the scores overall, 100 with none', () => {
    expect(overallHealth([])).toBe(100);
    expect(overallHealth([55, 100, 40])).toBe(65);
  });

  it('maps errors to the action that fixes them', () => {
    expect(suggestedAction('invalid_grant')).toBe('Reconnect the integration');
    expect(suggestedAction('The webhook URL resolves to a private address')).toBe('Check the webhook URL');
    expect(suggestedAction('getaddrinfo ENOTFOUND example.invalid')).toBe('Check the webhook URL');
    expect(suggestedAction('connect ETIMEDOUT')).toBe('Retry later');
    expect(suggestedAction('The sync was interrupted (the server stopped) and could not run again')).toBe('Run the sync again');
  });
});

describe('sync periods (UTC)', () => {
  const at = new Date('2026-11-25T13:47:12Z'); // a Wednesday
  it('keys each frequency by its period and gives the next start', () => {
    expect(syncPeriod('real_time', at)).toEqual({ slot: '2026-11-25T13:47', next: new Date('2026-11-25T13:48:00Z') });
    expect(syncPeriod('hourly', at)).toEqual({ slot: '2026-11-25T13', next: new Date('2026-11-25T14:00:00Z') });
    expect(syncPeriod('daily', at)).toEqual({ slot: '2026-11-25', next: new Date('2026-11-26T00:00:00Z') });
    expect(syncPeriod('weekly', at)).toEqual({ slot: 'week-2026-11-23', next: new Date('2026-11-30T00:00:00Z') });
    expect(syncPeriod('weekly', new Date('2026-11-29T23:59:59Z')).slot).toBe('week-2026-11-23');
    expect(syncPeriod('weekly', new Date('2026-11-30T00:00:00Z')).slot).toBe('week-2026-11-30');
  });
});
