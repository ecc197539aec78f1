import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { type OpenDatabase, openDatabase } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { STALE_JOB_MS, claimJob } from '../../platform/jobs';
import { createMailer } from '../../platform/mail';
import { asUser, signUp } from '../../test/factories';
import { testConfig } from '../../test/test-config';
import { runDocumentJobsOnce } from './document-jobs';
import { READ_DOCUMENT_JOB } from './documents.service';
import { multipartBody } from './multipart-body';
import { invoicePdf } from './test-files';

// Two app instances on one database, as after a restart: PGlite on disk, or a PostgreSQL database.
const dataDir = mkdtempSync(path.join(tmpdir(), 'signal-ar-restart-'));
const adminUrl = process.env.TEST_DATABASE_URL;
const dbName = `signal_test_${randomBytes(6).toString('hex')}`;
let databaseUrl: string | undefined;
const config = testConfig(dataDir);

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}

beforeAll(async () => {
  if (!adminUrl) return;
  await admin(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
});
afterAll(async () => {
  if (adminUrl) await admin(`drop database if exists ${dbName} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

async function boot(
  now: () => Date,
  startWorkers = false,
): Promise<{ app: FastifyInstance; deps: AppDeps; database: OpenDatabase }> {
  const database = await openDatabase(databaseUrl ? { databaseUrl, dataDir: null } : { dataDir });
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    config,
    mail: createMailer({
      smtpUrl: undefined,
      from: config.mailFrom,
      outboxDir: path.join(dataDir, 'outbox'),
    }),
    now,
    startWorkers,
  };
  const app = await createApp(deps);
  await app.ready();
  return { app, deps, database };
}

async function uploadPdf(request: ReturnType<typeof asUser>) {
  const { payload, headers } = multipartBody([
    { name: 'documentType', value: 'bill' },
    {
      name: 'file',
      fileName: 'acme.pdf',
      contentType: 'application/pdf',
      bytes: await invoicePdf(),
    },
  ]);
  const response = await request({
    method: 'POST',
    url: '/api/documents/upload',
    payload,
    headers,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

describe('document jobs across a restart', () => {
  it(
    'finishes, in a new process, a document whose reader died mid-way',
    { timeout: 120_000 },
    async () => {
      const start = new Date('2026-11-21T10:00:00Z');
      const first = await boot(() => start);
      const { cookie } = await signUp(first.app);
      const documentId = await uploadPdf(asUser(first.app, cookie));
      // The first process takes the job and dies before finishing it.
      const claimed = await claimJob(first.deps.db, {
        kinds: [READ_DOCUMENT_JOB],
        workerId: 'dead-process',
        now: start,
      });
      expect(claimed?.payload).toEqual({ documentId });
      await first.app.close();
      await first.database.close();

      const later = new Date(start.getTime() + STALE_JOB_MS + 60_000);
      const second = await boot(() => later);
      try {
        const request = asUser(second.app, cookie);
        expect(
          (await request({ method: 'GET', url: `/api/documents/${documentId}` })).json().ocrStatus,
        ).toBe('pending');
        expect(await runDocumentJobsOnce(second.deps)).toBe(1);
        const document = (
          await request({ method: 'GET', url: `/api/documents/${documentId}` })
        ).json();
        expect(document).toMatchObject({
          ocrStatus: 'completed',
          extractedData: { amounts: { total: '242.00' } },
        });
        // The file itself survived the restart too.
        expect((await request({ method: 'GET', url: document.fileUrl })).statusCode).toBe(200);
      } finally {
        await second.app.close();
        await second.database.close();
      }
    },
  );

  it(
    'reads uploads in the background when workers run, and stops cleanly on close',
    { timeout: 120_000 },
    async () => {
      const running = await boot(() => new Date(), true);
      try {
        const { cookie } = await signUp(running.app);
        const request = asUser(running.app, cookie);
        const documentId = await uploadPdf(request);
        let status = 'pending';
        // Up to a minute: the reader starts cold, and a busy machine may take a while.
        const deadline = Date.now() + 60_000;
        while (Date.now() < deadline && status !== 'completed' && status !== 'failed') {
          await new Promise((resolve) => setTimeout(resolve, 100));
          status = (await request({ method: 'GET', url: `/api/documents/${documentId}` })).json()
            .ocrStatus;
        }
        expect(status).toBe('completed');
      } finally {
        await running.app.close();
        await running.database.close();
      }
    },
  );
});
