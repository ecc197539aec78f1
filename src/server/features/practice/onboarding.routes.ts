import multipart from '@fastify/multipart';
import { idParam, pageQuery } from '../../../shared/contracts/common';
import {
  bankingInfoStepSchema,
  businessInfoStepSchema,
  clientDocumentFieldsSchema,
  documentsStepSchema,
  onboardingClientSchema,
  onboardingDocumentSchema,
  onboardingSchema,
  serviceSettingsStepSchema,
} from '../../../shared/contracts/onboarding';
import { requireFirm } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { fileStoreOf } from '../../platform/storage';
import { documentUploadRules, uploadLimits } from '../documents/read-upload';
import { readMultipartFile } from '../../platform/multipart';
import { completeOnboarding } from './complete-onboarding';
import { saveBankingInfo } from './onboarding-banking';
import { findOnboardingClients } from './onboarding.queries';
import { getOnboarding, requireOnboarder, saveBusinessInfo, saveDocumentsStep, saveServiceSettings } from './onboarding.service';
import { findPracticeClient } from './practice.queries';
import { uploadClientDocument } from './upload-client-document';

const DRAFT_OR_COMPLETE =
  'Without `complete` (or with false) the step is saved as a draft: what was typed is kept and the workflow resumes at this step. ' +
  'With `complete: true` every rule of the step is checked (400 with field messages), the step is completed and the workflow moves to the next step. ' +
  "The first save starts the onboarding (workflow and client in_progress). 404 for another firm's client or one the member has no grant for.";

/**
 * The Client Onboarding Workflow (spec practice 2.4): the five steps of a client's onboarding,
 * saved as the firm goes and resumable, step 3's documents and step 4's bank account made real
 * in the client's workspace, and activation.
 */
export async function onboardingRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  // Step 3's uploads are multipart, in this feature's scope only (as in documents).
  await app.register(multipart, { limits: uploadLimits });
  const store = fileStoreOf(deps);
  const tags = ['practice'];
  const practice = { practice: true } as const;
  const clientPath = '/api/practice/clients/:id/onboarding';

  app.get(
    '/api/practice/onboarding/clients',
    {
      config: practice,
      schema: {
        tags,
        summary: 'Clients still onboarding',
        description: 'The practice clients the member may see whose onboarding is pending or in progress, newest first, with their current step.',
        querystring: pageQuery,
        response: { 200: onboardingClientSchema.array() },
      },
    },
    async (request, reply) => {
      const { rows, total } = await findOnboardingClients(deps.db, requireFirm(request), request.query);
      return reply.header('X-Total-Count', String(total)).send(rows);
    },
  );

  app.get(
    clientPath,
    {
      config: practice,
      schema: {
        tags,
        summary: "A client's onboarding workflow",
        description:
          'The workflow (currentStep, status, totalSteps, startedAt, completedAt), each step with its saved data over its defaults, ' +
          "the client's compliance documents by type, step 4's bank account (last four digits only) and what activation still needs.",
        params: idParam,
        response: { 200: onboardingSchema },
      },
    },
    async (request) => getOnboarding(deps.db, requireFirm(request), request.params.id),
  );

  app.put(
    `${clientPath}/steps/1`,
    {
      config: practice,
      schema: {
        tags,
        summary: 'Save step 1, Business Information',
        description: `businessInfo and primaryContact. Completing the step updates the firm's customer row and the client's workspace. ${DRAFT_OR_COMPLETE}`,
        params: idParam,
        body: businessInfoStepSchema,
        response: { 200: onboardingSchema },
      },
    },
    async (request) => saveBusinessInfo(deps, requireFirm(request), request.params.id, request.body),
  );

  app.put(
    `${clientPath}/steps/2`,
    {
      config: practice,
      schema: {
        tags,
        summary: 'Save step 2, Service Configuration',
        description: `serviceSettings (service level, monthly fee, billing frequency, auto-approval limit, invoice template, payment terms, payment methods); completing the step puts them on the firm's customer row. ${DRAFT_OR_COMPLETE}`,
        params: idParam,
        body: serviceSettingsStepSchema,
        response: { 200: onboardingSchema },
      },
    },
    async (request) => saveServiceSettings(deps, requireFirm(request), request.params.id, request.body),
  );

  app.put(
    `${clientPath}/steps/3`,
    {
      config: practice,
      schema: {
        tags,
        summary: 'Complete step 3, Document Upload',
        description: `The step completes once the W-9 and the bank statement are uploaded; before, completing it is a 409 naming each missing document. ${DRAFT_OR_COMPLETE}`,
        params: idParam,
        body: documentsStepSchema,
        response: { 200: onboardingSchema },
      },
    },
    async (request) => saveDocumentsStep(deps, requireFirm(request), request.params.id, request.body),
  );

  app.post(
    `${clientPath}/steps/3/documents`,
    {
      config: practice,
      schema: {
        tags,
        summary: "Upload a client's compliance document (multipart: file, documentType)",
        description:
          'documentType is w9Form, bankStatement, businessLicense or operatingAgreement. The file gets the Documents checks (PDF, JPEG or PNG by its bytes, at most 10 MB: 400 / 413) ' +
          "and is stored as a document of the client's workspace, not read by OCR; it replaces the earlier upload of its type for onboarding.",
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 201: onboardingDocumentSchema },
      },
    },
    async (request, reply) => {
      const actor = requireFirm(request);
      // Who may upload is settled before the file is read; the service checks again under lock.
      const found = await findPracticeClient(deps.db, actor, request.params.id);
      if (!found) throw notFound('Client');
      await requireOnboarder(deps.db, actor, found.customer);
      const upload = await readMultipartFile(request, clientDocumentFieldsSchema, documentUploadRules);
      const document = await uploadClientDocument(deps, store, actor, request.params.id, {
        bytes: upload.bytes,
        fileName: upload.fileName,
        documentType: upload.fields.documentType,
      });
      return reply.status(201).send(document);
    },
  );

  app.put(
    `${clientPath}/steps/4`,
    {
      config: practice,
      schema: {
        tags,
        summary: 'Save step 4, Banking Setup',
        description:
          "bankingInfo (bankName, accountType, routingNumber, accountNumber). An account number creates the client workspace's bank account as Bank Accounts does " +
          '(routing check digit, number encrypted, micro-deposit verification started) and replaces the one an earlier save created; the step keeps only the last four digits. ' +
          `Completing the step needs that account. ${DRAFT_OR_COMPLETE}`,
        params: idParam,
        body: bankingInfoStepSchema,
        response: { 200: onboardingSchema },
      },
    },
    async (request) => saveBankingInfo(deps, requireFirm(request), request.params.id, request.body),
  );

  app.post(
    `${clientPath}/complete`,
    {
      config: practice,
      schema: {
        tags,
        summary: 'Complete the onboarding and activate the client',
        description:
          'Refused with 409 and one message per missing item (fields step1, step2, step4, w9Form, bankStatement, bankAccount) until the required steps are complete; ' +
          "then, in one transaction, the workflow is completed and the client's onboardingStatus becomes completed (activatedAt now).",
        params: idParam,
        response: { 200: onboardingSchema },
      },
    },
    async (request) => completeOnboarding(deps, requireFirm(request), request.params.id),
  );
}
