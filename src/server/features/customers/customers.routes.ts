import type { AppDeps, ZodApp } from '../../platform/deps';

export async function customersRoutes(_app: ZodApp, _deps: AppDeps): Promise<void> {}
