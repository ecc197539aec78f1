import type { AppDeps, ZodApp } from '../../platform/deps';

export async function bankAccountsRoutes(_app: ZodApp, _deps: AppDeps): Promise<void> {}
