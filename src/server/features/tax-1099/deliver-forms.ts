import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tax1099DeliverResult, Tax1099PrintConfirmResult } from '../../../shared/contracts/tax-1099';
import { tax1099Forms, vendors } from '../../db/schema';
import { isUuid } from '../../db/query-helpers';
import { writeAudit, writeAudits } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { renderForms1099Pdf } from './form-1099-pdf';
import { type IssuedFormRow, form1099FileName, formPages, latestForms, payerOf } from './form-copies';

type DeliverDeps = Pick<AppDeps, 'db' | 'config' | 'mail' | 'now'>;
type Actor = { organizationId: string; userId: string | null };

const FORM_NAMES = { nec: '1099-NEC', misc: '1099-MISC' } as const;

/** Forms whose Copy B is still to reach the payee: not delivered and not mailed (nor being mailed). */
function undelivered(form: IssuedFormRow): boolean {
  return form.deliveredAt === null && form.deliveryStatus !== 'sent' && form.deliveryStatus !== 'pending';
}

/**
 * Copy B to the payees of the latest issued forms. A payee that consented to an electronic 1099 is
 * mailed the PDF at the address it consented with: the form is claimed (delivery_status pending)
 * before the mail leaves, so a retry or a second request never mails it twice; a failed mail may be
 * claimed again. The others are marked for print (GET /api/tax/1099/print).
 */
export async function deliverForms(deps: DeliverDeps, actor: Actor, year: number, vendorIds: readonly string[] | undefined): Promise<Tax1099DeliverResult> {
  const { db } = deps;
  const only = vendorIds && vendorIds.length > 0 ? vendorIds.filter(isUuid) : undefined;
  const forms = await latestForms(db, actor.organizationId, year, only);
  const result: Tax1099DeliverResult = { emailed: 0, failed: [], forPrint: 0, alreadyDelivered: 0 };
  if (forms.length === 0) return result;
  const consent = await db
    .select({ id: vendors.id, at: vendors.form1099EmailConsentAt, email: vendors.form1099EmailConsentEmail })
    .from(vendors)
    .where(and(eq(vendors.organizationId, actor.organizationId), inArray(vendors.id, [...new Set(forms.map((f) => f.vendorId))])));
  const consentOf = new Map(consent.map((c) => [c.id, c.at && c.email ? c.email : null]));
  const payer = await payerOf(db, actor.organizationId);

  for (const form of forms) {
    if (!undelivered(form)) {
      result.alreadyDelivered += 1;
      continue;
    }
    const email = consentOf.get(form.vendorId) ?? null;
    if (!email) {
      if (form.deliveryMethod !== 'print') {
        await db.update(tax1099Forms).set({ deliveryMethod: 'print' }).where(eq(tax1099Forms.id, form.id));
      }
      result.forPrint += 1;
      continue;
    }
    const [claimed] = await db
      .update(tax1099Forms)
      .set({ deliveryStatus: 'pending', deliveryMethod: 'email', deliveryEmail: email })
      .where(and(eq(tax1099Forms.id, form.id), isNull(tax1099Forms.deliveredAt), or(isNull(tax1099Forms.deliveryStatus), eq(tax1099Forms.deliveryStatus, 'failed'))))
      .returning({ id: tax1099Forms.id });
    if (!claimed) {
      result.alreadyDelivered += 1;
      continue;
    }
    let failure: string | null = null;
    const formName = FORM_NAMES[form.formType];
    try {
      const pages = await formPages(db, deps.config.encryptionKey, actor.organizationId, [form], 'B');
      const pdf = await renderForms1099Pdf(pages, `${formName} ${year} ${form.recipient.name} Copy B`);
      await deps.mail.send({
        to: email,
        subject: `${form.corrected ? 'Corrected ' : ''}Form ${formName} for ${year} from ${payer.name}`,
        text: [
          `Dear ${form.recipient.name},`,
          '',
          `Attached is your ${form.corrected ? 'corrected ' : ''}Form ${formName} (Copy B, for recipient) for tax year ${year} from ${payer.name}.`,
          'You receive it by email because you agreed to get your 1099 electronically. Keep it for your tax records.',
          '',
          payer.name,
        ].join('\n'),
        attachments: [{ filename: form1099FileName(form.recipient.name, year, 'B'), content: pdf, contentType: 'application/pdf' }],
      });
    } catch (error) {
      failure = error instanceof Error && error.message ? error.message.slice(0, 300) : 'The mail could not be sent';
    }
    await db.transaction(async (tx) => {
      await tx
        .update(tax1099Forms)
        .set(failure === null ? { deliveryStatus: 'sent', deliveredAt: deps.now() } : { deliveryStatus: 'failed' })
        .where(eq(tax1099Forms.id, form.id));
      await writeAudit(tx, {
        organizationId: actor.organizationId,
        userId: actor.userId,
        action: failure === null ? 'vendor.1099_emailed' : 'vendor.1099_email_failed',
        entityType: 'vendor',
        entityId: form.vendorId,
        details: { taxYear: year, formType: form.formType, version: form.version, to: email, ...(failure ? { error: failure } : {}) },
      });
    });
    if (failure === null) result.emailed += 1;
    else result.failed.push({ vendorId: form.vendorId, name: form.recipient.name, reason: 'The mail could not be sent; try again later' });
  }
  return result;
}

/** The Copy B forms still to print: latest versions, not delivered, not mailed. */
export async function formsToPrint(db: AppDeps['db'], organizationId: string, year: number): Promise<IssuedFormRow[]> {
  return (await latestForms(db, organizationId, year)).filter(undelivered);
}

/** One PDF of every Copy B still to print, one form a page; nothing is marked until the user confirms. */
export async function printPdf(deps: Pick<AppDeps, 'db' | 'config'>, organizationId: string, year: number): Promise<Buffer | null> {
  const forms = await formsToPrint(deps.db, organizationId, year);
  if (forms.length === 0) return null;
  const pages = await formPages(deps.db, deps.config.encryptionKey, organizationId, forms, 'B');
  return renderForms1099Pdf(pages, `1099 ${year} Copy B to print`);
}

/** The user printed and posted the Copy B forms: mark them delivered by print, with an audit row each. */
export async function confirmPrinted(deps: Pick<AppDeps, 'db' | 'now'>, actor: Actor, year: number): Promise<Tax1099PrintConfirmResult> {
  return deps.db.transaction(async (tx) => {
    const forms = await formsToPrint(tx, actor.organizationId, year);
    if (forms.length === 0) return { printed: 0 };
    const now = deps.now();
    await tx
      .update(tax1099Forms)
      .set({ deliveredAt: now, deliveryMethod: 'print' })
      .where(and(inArray(tax1099Forms.id, forms.map((f) => f.id)), isNull(tax1099Forms.deliveredAt)));
    await writeAudits(
      tx,
      forms.map((form) => ({
        organizationId: actor.organizationId,
        userId: actor.userId,
        action: 'vendor.1099_printed',
        entityType: 'vendor',
        entityId: form.vendorId,
        details: { taxYear: year, formType: form.formType, version: form.version },
      })),
    );
    return { printed: forms.length };
  });
}
