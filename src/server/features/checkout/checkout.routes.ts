import type { AppDeps, ZodApp } from '../../platform/deps';

export async function checkoutRoutes(_app: ZodApp, _deps: AppDeps): Promise<void> {}
