import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documents, storedFiles } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { multipartBody } from './multipart-body';
import { pngBytes } from './test-files';

let t: TestApp;
let alice: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T10:00:00Z') });
  alice = await signUp(t.app);
});
afterAll(async () => t.close());

async function upload(fileName: string, documentType: string) {
  t.clock.advance(60_000);
  const { payload, headers } = multipartBody([
    { name: 'file', fileName, contentType: 'image/png', bytes: pngBytes() },
    { name: 'documentType', value: documentType },
  ]);
  const response = await alice.request({ method: 'POST', url: '/api/documents/upload', payload, headers });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; fileName: string }>();
}

describe('listing and deleting documents', () => {
  it('lists newest first, filters by type and pages with X-Total-Count', async () => {
    await upload('a.png', 'receipt');
    await upload('b.png', 'bill');
    await upload('c.png', 'receipt');
    await upload('d.png', 'w9');

    const all = await alice.request({ method: 'GET', url: '/api/documents' });
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('4');
    expect(all.json().map((d: { fileName: string }) => d.fileName)).toEqual(['d.png', 'c.png', 'b.png', 'a.png']);

    const receipts = await alice.request({ method: 'GET', url: '/api/documents?documentType=receipt&limit=1&offset=1' });
    expect(receipts.headers['x-total-count']).toBe('2');
    expect(receipts.json().map((d: { fileName: string }) => d.fileName)).toEqual(['a.png']);

    const bad = await alice.request({ method: 'GET', url: '/api/documents?documentType=contract' });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes a document and its stored file, with an audit row', async () => {
    const created = await upload('gone.png', 'receipt');
    const [row] = await t.deps.db.select().from(documents).where(eq(documents.id, created.id));
    const stored = () => t.deps.db.select({ key: storedFiles.key }).from(storedFiles).where(eq(storedFiles.key, row?.storageKey ?? ''));
    expect(await stored()).toHaveLength(1);

    const response = await alice.request({ method: 'DELETE', url: `/api/documents/${created.id}` });
    expect(response.statusCode).toBe(204);
    expect(await stored()).toEqual([]);
    expect(await t.deps.db.select().from(documents).where(eq(documents.id, created.id))).toEqual([]);
    expect((await alice.request({ method: 'GET', url: `/api/documents/${created.id}/file` })).statusCode).toBe(404);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['document.deleted', 'document.uploaded']);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await alice.request({ method: 'GET', url: '/api/documents/not-a-uuid' })).statusCode).toBe(404);
    expect((await alice.request({ method: 'GET', url: '/api/documents/3f1c3b6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/file' })).statusCode).toBe(404);
  });

  it('keeps the original name only as data: a name with a folder, a tab, a semicolon and unicode downloads safely', async () => {
    const created = await upload('..\\Rechnung März; Q4\t.png', 'receipt');
    expect(created.fileName).toBe('Rechnung März; Q4.png');
    const file = await alice.request({ method: 'GET', url: `/api/documents/${created.id}/file` });
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Rechnung M_rz_ Q4.png"; filename*=UTF-8''Rechnung%20M%C3%A4rz%3B%20Q4.png`);
    expect(file.headers['content-type']).toBe('image/png');
  });
});
