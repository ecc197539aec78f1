import type { AppDeps, ZodApp } from '../../platform/deps';

export async function paymentRunsRoutes(_app: ZodApp, _deps: AppDeps): Promise<void> {}
