import type { AppDeps, ZodApp } from '../../platform/deps';

export async function documentsRoutes(_app: ZodApp, _deps: AppDeps): Promise<void> {}
