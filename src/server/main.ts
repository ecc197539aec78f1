import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import { createApp, redactPaths, requestSerializer } from './app';
import { buildConfig } from './config';
import { type OpenDatabase, openDatabase } from './db/client';
import { readEnv } from './env';
import { startClock } from './platform/clock';
import { createMailer } from './platform/mail';
import { startMaintenance } from './platform/maintenance';
import { prepareEncryptionKey } from './platform/key-rotation';
import { moveFilesToDatabase } from './platform/move-files-to-database';
import { encryptLegacyTins } from './features/tax-1099/encrypt-legacy-tins';

async function main(): Promise<void> {
  let env;
  try {
    env = readEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const config = buildConfig(env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: config.dataDir });
  // One clock for requests and background work (FAKE_NOW in the date tests): sessions are written
  // and pruned, jobs queued and claimed, on the same time.
  const now = startClock(env.FAKE_NOW);
  await prepareEncryptionKey(database.db, config.encryptionKey, now());
  // After the migrations: plain vendor tax IDs from before issue 32 are encrypted (idempotent).
  const legacyTins = await encryptLegacyTins(database.db, config.encryptionKey);
  // Files kept on this machine's disk before issue 33 move into the database, once (resumable).
  const movedFiles = await moveFilesToDatabase(database.db, config.dataDir);
  const app = await createApp({
    db: database.db,
    dbKind: database.kind,
    config,
    mail: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') }),
    now,
    startWorkers: env.WORKERS === 'on',
    clientDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client'),
    logger: { level: env.LOG_LEVEL, redact: { paths: redactPaths, censor: '[redacted]' }, serializers: { req: requestSerializer } },
  });
  const stopMaintenance =
    env.WORKERS === 'on' ? startMaintenance(database.db, database.kind, app.log, { now, sessionMaxAgeMs: config.sessionMaxAgeMs }) : async () => undefined;
  app.addHook('onClose', stopMaintenance);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void shutDown(app, database, signal));
  }
  await app.listen({ port: env.PORT, host: env.HOST });
  if (legacyTins.moved + legacyTins.dropped > 0) app.log.info(legacyTins, 'legacy vendor tax IDs encrypted');
  if (movedFiles.walked) app.log.info(movedFiles, `${movedFiles.moved} files moved from ${config.dataDir} into the database`);
  app.log.info(`Signal AR on http://localhost:${env.PORT} (database: ${database.kind})`);
}

/** How long requests in progress may take to finish after SIGTERM before their connections are closed. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Graceful shutdown. app.close() stops accepting, answers new requests on open connections with
 * 503, and waits for the requests in progress (Fastify closes the server before its onClose hooks);
 * then the onClose hooks stop the job workers, schedulers, maintenance and the SMTP receiver, each
 * waiting for the run in hand. Then it waits for handlers still running whose client hung up (their
 * connection no longer holds the close back; platform/requests-in-flight.ts). Only then is the pool
 * closed, so nothing queries a closed pool. A request still running after SHUTDOWN_GRACE_MS has its
 * connection closed.
 */
async function shutDown(app: FastifyInstance, database: OpenDatabase, signal: string): Promise<void> {
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.warn('requests still running after the grace period: closing their connections');
    app.server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  const deadline = Date.now() + SHUTDOWN_GRACE_MS;
  try {
    await app.close();
    clearTimeout(force);
    // Connections are closed now, but a handler whose client hung up may still be querying.
    if (!(await app.requestsInFlight.settled(Math.max(0, deadline - Date.now())))) {
      app.log.warn({ requests: app.requestsInFlight.count() }, 'requests still running after the grace period: closing the pool');
    }
    await database.close();
    app.log.info('stopped');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
