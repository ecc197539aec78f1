import type { AppDeps, ZodApp } from '../../platform/deps';

export async function vendorsRoutes(_app: ZodApp, _deps: AppDeps): Promise<void> {}
