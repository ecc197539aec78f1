import type { HealthIssue, HealthStatus } from '../../../shared/contracts/integrations';

/**
 * How an integration's health is scored (also explained on the page, 'How health is scored'):
 *
 * - The window is its last HEALTH_WINDOW (20) finished syncs (succeeded or failed), newest first.
 * - healthScore = round(100 x succeeded / finished) - CONSECUTIVE_FAILURE_PENALTY (10) for each
 *   failure in a row counted from the newest sync, never below 0.
 * - An integration never synced yet scores 100 with status 'connected' (nothing has gone wrong).
 * - Status: 'error' with MANY_FAILURES (3) or more failures in a row or a score below 50;
 *   'warning' with one or two failures in a row, a score below 80 or an authorization still pending;
 *   'healthy' otherwise; 'disconnected' for a disconnected integration (score 0).
 * - Issues: the distinct error messages of the failures in a row (newest first, at most 3), each
 *   with the action that usually fixes it (suggestedAction).
 * - Overall health = the average of the scores, 100 when there are none (spec practice 9).
 */
export const HEALTH_WINDOW = 20;
export const CONSECUTIVE_FAILURE_PENALTY = 10;
export const MANY_FAILURES = 3;

export interface FinishedSync {
  status: 'succeeded' | 'failed';
  error: string | null;
  finishedAt: Date | null;
}

export interface HealthFigures {
  status: HealthStatus;
  healthScore: number;
  consecutiveFailures: number;
  recentSyncs: number;
  recentFailures: number;
  issues: HealthIssue[];
}

/** `recent`: the integration's finished syncs, newest first (only the first HEALTH_WINDOW count). */
export function scoreHealth(integrationStatus: string, recent: readonly FinishedSync[]): HealthFigures {
  const window = recent.slice(0, HEALTH_WINDOW);
  const failures = window.filter((sync) => sync.status === 'failed').length;
  let consecutiveFailures = 0;
  for (const sync of window) {
    if (sync.status !== 'failed') break;
    consecutiveFailures += 1;
  }
  const issues: HealthIssue[] = [];
  for (const sync of window.slice(0, consecutiveFailures)) {
    const message = sync.error?.trim() || 'The sync failed without a message';
    if (issues.some((issue) => issue.message === message)) continue;
    issues.push({ message, suggestedAction: suggestedAction(message) });
    if (issues.length === 3) break;
  }
  if (integrationStatus === 'disconnected') {
    return { status: 'disconnected', healthScore: 0, consecutiveFailures, recentSyncs: window.length, recentFailures: failures, issues };
  }
  if (window.length === 0) {
    const pending = integrationStatus === 'pending_authorization';
    return {
      status: pending ? 'warning' : 'connected',
      healthScore: 100,
      consecutiveFailures: 0,
      recentSyncs: 0,
      recentFailures: 0,
      issues: pending ? [{ message: 'The connection has not been authorized yet', suggestedAction: 'Finish the authorization with the provider' }] : [],
    };
  }
  const share = Math.round((100 * (window.length - failures)) / window.length);
  const healthScore = Math.max(0, share - CONSECUTIVE_FAILURE_PENALTY * consecutiveFailures);
  let status: HealthStatus = 'healthy';
  if (consecutiveFailures >= MANY_FAILURES || healthScore < 50) status = 'error';
  else if (consecutiveFailures > 0 || healthScore < 80 || integrationStatus === 'pending_authorization') status = 'warning';
  return { status, healthScore, consecutiveFailures, recentSyncs: window.length, recentFailures: failures, issues };
}

export function overallHealth(scores: readonly number[]): number {
  if (scores.length === 0) return 100;
  return Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length);
}

/** The action that usually fixes a sync error, from the words of its message. */
export function suggestedAction(message: string): string {
  const text = message.toLowerCase();
  if (/\b401\b|invalid_grant|unauthori[sz]ed|expired token|token expired|revoked|reconnect/.test(text)) return 'Reconnect the integration';
  if (/\b403\b|forbidden|permission|scope/.test(text)) return 'Check the permissions granted to the integration, then reconnect it';
  if (/private|loopback|link-local|ssrf|enotfound|dns|resolve|url|certificate|tls|ssl/.test(text)) return 'Check the webhook URL';
  if (/timeout|timed out|etimedout|econnreset|econnrefused|\b429\b|rate limit|too many|\b50[234]\b|unavailable/.test(text)) return 'Retry later';
  if (/interrupted/.test(text)) return 'Run the sync again';
  if (/import|column|row|file/.test(text)) return 'Check the imported file and import it again';
  return 'Run the sync again; contact support if it keeps failing';
}
