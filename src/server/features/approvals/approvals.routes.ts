import type { AppDeps, ZodApp } from '../../platform/deps';

export async function approvalsRoutes(_app: ZodApp, _deps: AppDeps): Promise<void> {}
