import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, redactPaths, requestSerializer } from './app';
import { buildConfig } from './config';
import { openDatabase } from './db/client';
import { readEnv } from './env';
import { startClock } from './platform/clock';
import { createMailer } from './platform/mail';
import { startMaintenance } from './platform/maintenance';
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
  // After the migrations: plain vendor tax IDs from before issue 32 are encrypted (idempotent).
  const legacyTins = await encryptLegacyTins(database.db, config.encryptionKey);
  // Files kept on this machine's disk before issue 33 move into the database, once (resumable).
  const movedFiles = await moveFilesToDatabase(database.db, config.dataDir);
  const app = await createApp({
    db: database.db,
    dbKind: database.kind,
    config,
    mail: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') }),
    now: startClock(env.FAKE_NOW),
    startWorkers: env.WORKERS === 'on',
    clientDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client'),
    logger: { level: env.LOG_LEVEL, redact: { paths: redactPaths, censor: '[redacted]' }, serializers: { req: requestSerializer } },
  });
  const stopMaintenance = env.WORKERS === 'on' ? startMaintenance(database.db, database.kind, app.log) : () => undefined;
  app.addHook('onClose', async () => stopMaintenance());
  // Workers stop in the app's onClose hooks; the database closes only after all of them.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0));
    });
  }
  await app.listen({ port: env.PORT, host: env.HOST });
  if (legacyTins.moved + legacyTins.dropped > 0) app.log.info(legacyTins, 'legacy vendor tax IDs encrypted');
  if (movedFiles.walked) app.log.info(movedFiles, `${movedFiles.moved} files moved from ${config.dataDir} into the database`);
  app.log.info(`Signal AR on http://localhost:${env.PORT} (database: ${database.kind})`);
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
