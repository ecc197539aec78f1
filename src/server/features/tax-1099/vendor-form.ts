import { and, eq, gt, isNull } from 'drizzle-orm';
import type { PublicVendorForm, VendorFormSubmission } from '../../../shared/contracts/tax-1099';
import type { Database } from '../../db/client';
import { documents, organizations, vendorW9Requests, vendors } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { organizationToday } from '../../platform/calendar';
import type { AppDeps } from '../../platform/deps';
import { decryptSecret, encryptSecret, lastFour } from '../../platform/encryption';
import { AppError } from '../../platform/errors';
import { hashToken } from '../../platform/sessions';
import { sanitizeFileName } from '../documents/file-type';
import { fileStoreOf } from '../../platform/storage';
import { classificationColumns, storeTin } from './tin-store';
import { renewPrenoteAfterAccountChange } from '../vendors/vendor-ach-settings';
import { renderW9Pdf } from './w9-pdf';

/**
 * The one answer to a link that is unknown, used, expired or withdrawn by a newer request: the
 * same status, code and message for each, so the page tells a guesser nothing (issue 32).
 */
export const INVALID_LINK_MESSAGE = 'This link is not valid or has expired. Ask for a new one.';
const invalidLink = () => new AppError('NOT_FOUND', INVALID_LINK_MESSAGE);

type W9RequestRow = typeof vendorW9Requests.$inferSelect;

/** Tokens are 32 random bytes in base64url; anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/** The open request a token names: not answered, not revoked, not past its 30 days. */
async function findOpenRequest(db: Database, token: string, now: Date): Promise<W9RequestRow | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select()
    .from(vendorW9Requests)
    .where(
      and(
        eq(vendorW9Requests.tokenHash, hashToken(token)),
        isNull(vendorW9Requests.completedAt),
        isNull(vendorW9Requests.revokedAt),
        gt(vendorW9Requests.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

async function requestParties(db: Database, request: W9RequestRow): Promise<{ organizationName: string; vendorName: string } | null> {
  const [row] = await db
    .select({ organizationName: organizations.name, vendorName: vendors.name })
    .from(vendors)
    .innerJoin(organizations, eq(organizations.id, vendors.organizationId))
    .where(and(eq(vendors.id, request.vendorId), eq(vendors.organizationId, request.organizationId)))
    .limit(1);
  return row ?? null;
}

/** GET /api/vendor-forms/{token}: the organization's name, the vendor's name, and whether payment details are asked. */
export async function getPublicVendorForm(db: Database, token: string, now: Date): Promise<PublicVendorForm> {
  const request = await findOpenRequest(db, token, now);
  const parties = request ? await requestParties(db, request) : null;
  if (!request || !parties) throw invalidLink();
  return { ...parties, includePayment: request.includePayment, expiresAt: request.expiresAt.toISOString() };
}

/**
 * POST /api/vendor-forms/{token}: the vendor's W-9 (and payment details when asked). In one
 * transaction: the request is claimed by a conditional update (two tabs submitting get one
 * success), the vendor's tax fields are filled, the generated W-9 PDF is kept in Documents, and
 * an audit row is written without the TIN or account number. The stored file is removed again
 * when the transaction fails.
 */
export async function submitVendorForm(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  token: string,
  submission: VendorFormSubmission,
): Promise<{ organizationName: string }> {
  const now = deps.now();
  const open = await findOpenRequest(deps.db, token, now);
  const parties = open ? await requestParties(deps.db, open) : null;
  if (!open || !parties) throw invalidLink();
  if (!open.includePayment && submission.payment) {
    const message = 'This form does not ask for payment details';
    throw new AppError('VALIDATION', message, { payment: message });
  }
  const key = deps.config.encryptionKey;
  const signedOn = await organizationToday(deps.db, open.organizationId, now);
  const { w9 } = submission;
  const pdf = await renderW9Pdf({ w9, requesterName: parties.organizationName, signatureName: submission.signatureName, signedOn, submittedAt: now });
  const store = fileStoreOf(deps);
  const storageKey = await store.put(pdf, 'application/pdf');
  try {
    await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(vendorW9Requests)
        .set({ completedAt: now })
        .where(
          and(
            eq(vendorW9Requests.id, open.id),
            isNull(vendorW9Requests.completedAt),
            isNull(vendorW9Requests.revokedAt),
            gt(vendorW9Requests.expiresAt, now),
          ),
        )
        .returning();
      if (!claimed) throw invalidLink();
      const [before] = await tx
        .select()
        .from(vendors)
        .where(and(eq(vendors.id, claimed.vendorId), eq(vendors.organizationId, claimed.organizationId)))
        .for('update');
      if (!before) throw invalidLink();
      const [document] = await tx
        .insert(documents)
        .values({
          organizationId: claimed.organizationId,
          userId: null,
          fileName: sanitizeFileName(`W-9 ${w9.legalName}.pdf`),
          storageKey,
          fileType: 'application/pdf',
          fileSize: pdf.length,
          documentType: 'w9',
          // Generated from typed fields: there is nothing to read, so no reader takes it.
          ocrStatus: 'completed',
          processedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: documents.id });
      if (!document) throw new Error('W-9 document insert returned nothing');
      const payment = claimed.includePayment ? submission.payment : null;
      const account = payment?.paymentMethod === 'ach' && payment.accountNumber ? payment.accountNumber.replace(/[\s-]/g, '') : null;
      await tx
        .update(vendors)
        .set({
          ...classificationColumns(w9),
          address: w9.address,
          city: w9.city,
          state: w9.state,
          zipCode: w9.zipCode,
          ...storeTin(key, w9.tinType, w9.tin),
          taxId: null,
          w9ReceivedAt: now,
          w9Source: 'form',
          w9DocumentId: document.id,
          w9SignedName: submission.signatureName,
          w9SignedOn: signedOn,
          ...(submission.consentToElectronic1099
            ? { form1099EmailConsentAt: now, form1099EmailConsentEmail: submission.email ?? claimed.email }
            : {}),
          ...(payment
            ? {
                paymentMethod: payment.paymentMethod,
                bankName: payment.paymentMethod === 'ach' ? payment.bankName : null,
                routingNumber: payment.paymentMethod === 'ach' ? payment.routingNumber : null,
                accountNumberEncrypted: account ? encryptSecret(key, account) : null,
                accountLast4: account ? lastFour(account) : null,
                wireInstructions: null,
              }
            : {}),
          updatedAt: now,
        })
        .where(eq(vendors.id, before.id));
      const routingNumber = payment?.paymentMethod === 'ach' ? payment.routingNumber ?? null : null;
      const sameAccount =
        account !== null &&
        before.routingNumber === routingNumber &&
        before.accountNumberEncrypted !== null &&
        decryptSecret(key, before.accountNumberEncrypted) === account;
      if (payment && !sameAccount) {
        // New bank details from the vendor: a prenote wanted for the old account is due again.
        await renewPrenoteAfterAccountChange(tx, claimed.organizationId, {
          id: before.id,
          routingNumber,
          accountLast4: account ? lastFour(account) : null,
        });
      }
      await tx.update(vendorW9Requests).set({ documentId: document.id }).where(eq(vendorW9Requests.id, claimed.id));
      await writeAudit(tx, {
        organizationId: claimed.organizationId,
        userId: null,
        action: 'vendor.w9_submitted',
        entityType: 'vendor',
        entityId: before.id,
        details: {
          requestId: claimed.id,
          documentId: document.id,
          legalName: w9.legalName,
          taxClassification: w9.taxClassification,
          tinType: w9.tinType,
          tinLast4: w9.tin.slice(-4),
          signedName: submission.signatureName,
          consentToElectronic1099: submission.consentToElectronic1099,
          ...(payment
            ? { paymentMethod: { from: before.paymentMethod, to: payment.paymentMethod }, accountLast4: { from: before.accountLast4, to: account ? lastFour(account) : null } }
            : {}),
        },
      });
    });
  } catch (error) {
    await store.delete(storageKey);
    throw error;
  }
  return { organizationName: parties.organizationName };
}
