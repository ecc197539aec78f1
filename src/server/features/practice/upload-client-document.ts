import { and, eq } from 'drizzle-orm';
import type { DocumentType } from '../../../shared/contracts/documents';
import type { ClientDocumentType, OnboardingDocument } from '../../../shared/contracts/onboarding';
import { clientDocuments } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { FileStore } from '../../platform/storage';
import { checkUpload, recordDocument } from '../documents/documents.service';
import type { FirmActor } from './create-client';
import { findClientDocuments, missingDocuments } from './onboarding.queries';
import { auditStep, inOnboarding, recordStep } from './onboarding.service';

/** The type each compliance document has among the client workspace's Documents. */
const workspaceDocumentType: Record<ClientDocumentType, DocumentType> = {
  w9Form: 'w9',
  bankStatement: 'bank_statement',
  businessLicense: 'business_license',
  operatingAgreement: 'operating_agreement',
};

/**
 * Step 3's upload: the documents module's checks (magic bytes, 10 MB), then in one transaction
 * the file becomes a document of the client's workspace (stored, not read: these are not bills)
 * and the client's onboarding document of its type, replacing an older one of that type. Step 3
 * is completed once the required documents are in; the workflow stays on the step it was at.
 */
export async function uploadClientDocument(
  deps: AppDeps,
  store: FileStore,
  actor: FirmActor,
  clientId: string,
  input: { bytes: Buffer; fileName: string | undefined; documentType: ClientDocumentType },
): Promise<OnboardingDocument> {
  const now = deps.now();
  const { fileName, fileType } = checkUpload(input);
  const storageKey = await store.put(input.bytes, fileType);
  try {
    return await inOnboarding(deps, actor, clientId, async (tx, open) => {
      const workspaceId = open.customer.clientOrganizationId;
      if (!workspaceId) throw new AppError('CONFLICT', 'This client has no workspace');
      const document = await recordDocument(
        tx,
        { organizationId: workspaceId, userId: actor.userId },
        { fileName, fileType, storageKey, fileSize: input.bytes.length, documentType: workspaceDocumentType[input.documentType] },
        now,
        { read: false },
      );
      await tx.delete(clientDocuments).where(and(eq(clientDocuments.customerId, open.customer.id), eq(clientDocuments.documentType, input.documentType)));
      const [row] = await tx
        .insert(clientDocuments)
        .values({
          organizationId: actor.firmId,
          customerId: open.customer.id,
          documentId: document.id,
          uploadedBy: actor.userId,
          documentType: input.documentType,
          fileName,
          fileSize: input.bytes.length,
          filePath: storageKey,
          mimeType: fileType,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('client document insert returned nothing');
      const documentsIn = Object.keys(missingDocuments(await findClientDocuments(tx, open.customer.id))).length === 0;
      await recordStep(tx, open, { number: 3, completed: documentsIn, currentStep: open.workflow.currentStep }, actor, now);
      await auditStep(tx, actor, open, 'onboarding.document_uploaded', { step: 3, documentType: input.documentType, documentId: document.id, fileName, fileSize: row.fileSize });
      return { documentType: input.documentType, documentId: document.id, fileName, fileSize: row.fileSize, mimeType: fileType, uploadedAt: row.createdAt.toISOString() };
    });
  } catch (error) {
    await store.delete(storageKey);
    throw error;
  }
}
