/**
 * Run as `node --import tsx src/server/test/libraries-at-start.ts`: builds the app as main.ts does
 * (in-memory PGlite, no workers) and prints, as JSON, which of the libraries only a rare request
 * needs were loaded at start. Those load on first use, so the idle server's memory stays small.
 */
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
import { testConfig } from './test-config';

const RARELY_USED_LIBRARIES = ['stripe', 'exceljs', 'pdfkit'];

// ESM imports are seen by a resolve hook (it runs on the loader's thread and posts each URL back);
// CommonJS requires by the require cache.
const hooks = `
let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  port.postMessage(result.url);
  return result;
}`;

async function librariesLoadedAtStart(): Promise<string[]> {
  const { port1, port2 } = new MessageChannel();
  const urls: string[] = [];
  port1.on('message', (url: string) => urls.push(url));
  register(`data:text/javascript,${encodeURIComponent(hooks)}`, {
    data: { port: port2 },
    transferList: [port2],
  });

  const { createApp } = await import('../app');
  const { openDatabase } = await import('../db/client');
  const { createMailer } = await import('../platform/mail');
  await import('../platform/maintenance');
  const database = await openDatabase({ dataDir: null });
  const app = await createApp({
    db: database.db,
    dbKind: database.kind,
    config: testConfig('/nonexistent'),
    mail: createMailer({
      smtpUrl: undefined,
      from: 'Signal AR <no-reply@signal-ar.test>',
      outboxDir: '/nonexistent',
    }),
    now: () => new Date(),
    startWorkers: false,
  });
  await app.ready();
  await app.close();
  await database.close();
  // Let the hook thread's last messages arrive.
  await new Promise((resolve) => setTimeout(resolve, 200));
  port1.close();

  const files = [...urls, ...Object.keys(createRequire(import.meta.url).cache)];
  return RARELY_USED_LIBRARIES.filter((name) =>
    files.some((file) => file.includes(`/node_modules/${name}/`)),
  );
}

console.log(JSON.stringify(await librariesLoadedAtStart()));
