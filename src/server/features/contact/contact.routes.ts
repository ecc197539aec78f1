import type { AppDeps, ZodApp } from '../../platform/deps';

export async function contactRoutes(_app: ZodApp, _deps: AppDeps): Promise<void> {}
