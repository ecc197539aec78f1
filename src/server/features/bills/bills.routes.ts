import type { AppDeps, ZodApp } from '../../platform/deps';

export async function billsRoutes(_app: ZodApp, _deps: AppDeps): Promise<void> {}
