import type { AppDeps, ZodApp } from '../../platform/deps';

export async function settingsRoutes(_app: ZodApp, _deps: AppDeps): Promise<void> {}
