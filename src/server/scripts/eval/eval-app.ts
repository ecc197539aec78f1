import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createApp } from '../../app';
import { openDatabase } from '../../db/client';
import { runDocumentJobsOnce } from '../../features/documents/document-jobs';
import { multipartBody } from '../../features/documents/multipart-body';
import type { AppDeps } from '../../platform/deps';
import { createMailer } from '../../platform/mail';
import { testConfig } from '../../test/test-config';

/** The product's app on an in-memory database, with one signed-in organization owner. */
export interface EvalApp {
  app: FastifyInstance;
  deps: AppDeps;
  request: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

export async function startEvalApp(): Promise<EvalApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'signal-ar-eval-'));
  const database = await openDatabase({ dataDir: null });
  const config = testConfig(dataDir);
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    config,
    mail: createMailer({
      smtpUrl: undefined,
      from: config.mailFrom,
      outboxDir: path.join(dataDir, 'outbox'),
    }),
    now: () => new Date(),
    startWorkers: false,
  };
  const app = await createApp(deps);
  await app.ready();
  const registered = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      username: 'evaluator',
      email: 'evaluator@example.com',
      password: 'correct horse battery',
      firstName: 'Eva',
      lastName: 'Luator',
    },
  });
  const setCookie = registered.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
    .map((value) => value.split(';')[0] ?? '')
    .find((value) => value.startsWith('sid='));
  if (!cookie) throw new Error(`register failed ${registered.statusCode}: ${registered.body}`);
  return {
    app,
    deps,
    request: (options) => app.inject({ ...options, headers: { ...options.headers, cookie } }),
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function mimeTypeOf(file: string): string {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.pdf') return 'application/pdf';
  if (extension === '.png') return 'image/png';
  return 'image/jpeg';
}

/** Uploads a file as a bill document and runs its reading job; the document as the API returns it. */
export async function uploadAndRead(
  evalApp: EvalApp,
  file: { fileName: string; bytes: Buffer },
): Promise<{
  id: string;
  ocrStatus: string;
  processingError: string | null;
  extractedData: unknown;
}> {
  const { payload, headers } = multipartBody([
    { name: 'documentType', value: 'bill' },
    {
      name: 'file',
      fileName: file.fileName,
      contentType: mimeTypeOf(file.fileName),
      bytes: file.bytes,
    },
  ]);
  const uploaded = await evalApp.request({
    method: 'POST',
    url: '/api/documents/upload',
    payload,
    headers,
  });
  if (uploaded.statusCode !== 201)
    throw new Error(`upload ${uploaded.statusCode}: ${uploaded.body}`);
  const id = (uploaded.json() as { id: string }).id;
  await runDocumentJobsOnce(evalApp.deps);
  const read = await evalApp.request({ method: 'GET', url: `/api/documents/${id}` });
  return read.json() as {
    id: string;
    ocrStatus: string;
    processingError: string | null;
    extractedData: unknown;
  };
}

/** Adds a vendor the organization already pays (by check: no bank details needed). */
export async function addVendor(evalApp: EvalApp, name: string, index: number): Promise<void> {
  const response = await evalApp.request({
    method: 'POST',
    url: '/api/vendors',
    payload: { name, email: `vendor${index}@example.com`, paymentMethod: 'check' },
  });
  if (response.statusCode !== 201)
    throw new Error(`vendor ${response.statusCode}: ${response.body}`);
}
