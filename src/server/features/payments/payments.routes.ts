import type { AppDeps, ZodApp } from '../../platform/deps';

export async function paymentsRoutes(_app: ZodApp, _deps: AppDeps): Promise<void> {}
