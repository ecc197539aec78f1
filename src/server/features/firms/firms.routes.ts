import type { AppDeps, ZodApp } from '../../platform/deps';

export async function firmsRoutes(_app: ZodApp, _deps: AppDeps): Promise<void> {}
