import type { AppDeps, ZodApp } from '../../platform/deps';

export async function teamRoutes(_app: ZodApp, _deps: AppDeps): Promise<void> {}
