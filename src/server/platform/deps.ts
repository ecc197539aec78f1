import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config';
import type { Database, DatabaseKind } from '../db/client';
import type { Mailer } from './mail';

/** What every feature receives: no feature reads process.env or opens its own connections. */
export interface AppDeps {
  db: Database;
  dbKind: DatabaseKind;
  config: AppConfig;
  mail: Mailer;
  /** The clock, replaceable in tests (session expiry, overdue rules, schedulers). */
  now: () => Date;
  /** Background loops (document jobs, payment scheduler) run only when true; tests drive them directly. */
  startWorkers: boolean;
}

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A feature's routes: registered in its own encapsulated scope by app.ts. */
export type FeatureRoutes = (app: ZodApp, deps: AppDeps) => Promise<void>;
