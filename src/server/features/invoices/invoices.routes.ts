import type { AppDeps, ZodApp } from '../../platform/deps';

export async function invoicesRoutes(_app: ZodApp, _deps: AppDeps): Promise<void> {}
