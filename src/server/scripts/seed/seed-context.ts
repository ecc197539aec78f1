import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';

export interface SeedContext {
  db: Database;
  organizationId: string;
  userId: string;
  now: Date;
  config: AppConfig;
}
