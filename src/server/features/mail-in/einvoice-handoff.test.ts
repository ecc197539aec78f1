import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, inboundMails } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { recordDocument } from '../documents/documents.service';
import { fileStoreOf } from '../../platform/storage';
import { pngBytes } from '../documents/test-files';
import { type InboundMail, type ReceiveEinvoiceFile, recordInboundMail } from './record-inbound-mail';

let t: TestApp;
let alice: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T10:00:00Z') });
  alice = await signUp(t.app);
});
afterAll(async () => t.close());

const xml = Buffer.from('<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>INV-1</ID></Invoice>');

function mail(messageId: string): InboundMail {
  return {
    envelopeFrom: 'ap@vendor.example',
    headerFrom: ['ap@vendor.example'],
    subject: 'Invoice',
    messageId,
    size: 1000,
    attachments: [
      { filename: 'INV-1.xml', contentType: 'text/xml', content: xml },
      { filename: 'photo.png', contentType: 'image/png', content: pngBytes() },
    ],
  };
}

describe('handing XML attachments to the e-invoice receiver', () => {
  it("uses the receiver's document for an e-invoice it takes, and keeps the others as uploads", async () => {
    const offered: string[] = [];
    // Stands in for features/einvoicing/receive: keeps the file as its own document.
    const receiveEinvoiceFile: ReceiveEinvoiceFile = async (db, input) => {
      offered.push(`${input.fileName}:${input.source}:${input.userId}`);
      const document = await recordDocument(
        db,
        { organizationId: input.organizationId, userId: null },
        { fileName: input.fileName, fileType: 'application/xml', storageKey: '2026/11/00000000-0000-4000-8000-000000000001.bin', fileSize: input.content.length, documentType: 'bill' },
        t.deps.now(),
        { read: false },
      );
      return { documentId: document.id };
    };
    const deps = { db: t.deps.db, store: fileStoreOf(t.deps), now: t.deps.now, receiveEinvoiceFile };
    const organization = { id: alice.user.organizationId, allowedSenders: [], recipient: 'bills+x@in.example' };
    expect(await recordInboundMail(deps, organization, mail('<handoff@x>'))).toBe('accepted');
    expect(offered).toEqual(['INV-1.xml:mail:null']);
    const [row] = await t.deps.db.select().from(inboundMails).where(eq(inboundMails.messageId, '<handoff@x>'));
    const kept = await t.deps.db.select().from(documents).where(eq(documents.organizationId, alice.user.organizationId));
    expect(row?.documentIds).toHaveLength(2);
    expect(kept.filter((document) => document.fileName === 'INV-1.xml')).toHaveLength(1);
  });

  it('keeps and reads the XML as an upload when the receiver refuses it', async () => {
    const deps = {
      db: t.deps.db,
      store: fileStoreOf(t.deps),
      now: t.deps.now,
      receiveEinvoiceFile: async () => {
        throw new Error('Not an e-invoice');
      },
    };
    const organization = { id: alice.user.organizationId, allowedSenders: [], recipient: 'bills+x@in.example' };
    expect(await recordInboundMail(deps, organization, mail('<fallback@x>'))).toBe('accepted');
    const [row] = await t.deps.db.select().from(inboundMails).where(eq(inboundMails.messageId, '<fallback@x>'));
    const kept = await t.deps.db.select().from(documents).where(eq(documents.organizationId, alice.user.organizationId));
    const xmlDocument = kept.find((document) => row?.documentIds.includes(document.id) && document.fileName === 'INV-1.xml');
    expect(xmlDocument).toMatchObject({ fileType: 'application/xml', ocrStatus: 'pending' });
  });
});
