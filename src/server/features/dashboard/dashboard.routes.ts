import type { AppDeps, ZodApp } from '../../platform/deps';

export async function dashboardRoutes(_app: ZodApp, _deps: AppDeps): Promise<void> {}
