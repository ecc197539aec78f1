import { and, asc, eq, ne } from 'drizzle-orm';
import { centsFromDecimal } from '../../../shared/money';
import { bankAccounts, bills, organizations, payments, vendors } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { decryptSecret } from '../../platform/encryption';
import { AppError, notFound } from '../../platform/errors';
import type { Actor } from '../bank-accounts/bank-accounts.service';
import { type NachaEntry, type SecCode, buildNachaFile } from './nacha';
import { findPaymentRun } from './payment-runs.queries';

/**
 * PPD (consumer) when the vendor's TIN is a social security number, CCD (corporate) otherwise:
 * vendors are businesses unless their TIN says a person.
 */
export function secCodeFor(tinType: 'ssn' | 'ein' | null): SecCode {
  return tinType === 'ssn' ? 'PPD' : 'CCD';
}

/** "1" + the organization's EIN when it has one, otherwise its bank's routing number. */
function companyIdFor(taxId: string | null, routingNumber: string): string {
  const digits = (taxId ?? '').replace(/\D/g, '');
  return digits.length === 9 ? `1${digits}` : ` ${routingNumber}`;
}

/**
 * The ACH payments of one run (not failed ones) as a NACHA file, origin the run's bank account.
 * Account numbers are decrypted only into the file; the download is audited.
 */
export async function exportNachaFile(
  deps: AppDeps,
  actor: Actor,
  runId: string,
): Promise<{ fileName: string; content: string }> {
  const run = await findPaymentRun(deps.db, actor.organizationId, runId);
  if (!run) throw notFound('Payment run');
  if (run.method !== 'ach')
    throw new AppError('CONFLICT', 'Only ACH payment runs have a NACHA file');

  const [origin] = await deps.db
    .select({ account: bankAccounts, organization: organizations })
    .from(bankAccounts)
    .innerJoin(organizations, eq(organizations.id, bankAccounts.organizationId))
    .where(eq(bankAccounts.id, run.bankAccountId));
  if (!origin) throw notFound('Bank account');

  const rows = await deps.db
    .select({ payment: payments, billNumber: bills.billNumber, vendor: vendors })
    .from(payments)
    .innerJoin(bills, eq(bills.id, payments.referenceId))
    .innerJoin(vendors, eq(vendors.id, bills.vendorId))
    .where(
      and(
        eq(payments.paymentRunId, run.id),
        eq(payments.organizationId, actor.organizationId),
        eq(payments.method, 'ach'),
        ne(payments.status, 'failed'),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id));
  if (rows.length === 0)
    throw new AppError('CONFLICT', 'This payment run has no ACH payments to send');

  const key = deps.config.encryptionKey;
  const entries: NachaEntry[] = rows.map(({ payment, billNumber, vendor }) => {
    if (!vendor.accountNumberEncrypted || !vendor.routingNumber) {
      throw new AppError(
        'CONFLICT',
        `Vendor ${vendor.name} has no bank account details for ACH payments`,
      );
    }
    return {
      routingNumber: vendor.routingNumber,
      accountNumber: decryptSecret(key, vendor.accountNumberEncrypted),
      // Vendors record no account type; business payees are paid into checking.
      accountType: 'checking',
      amountCents: centsFromDecimal(payment.amount),
      identification: billNumber,
      name: vendor.name,
      secCode: secCodeFor(vendor.tinType),
    };
  });

  const content = buildNachaFile({
    origin: {
      routingNumber: origin.account.routingNumber,
      bankName: origin.account.bankName ?? 'Unknown Bank',
      companyName: origin.organization.name,
      companyId: companyIdFor(origin.organization.taxId, origin.account.routingNumber),
    },
    entries,
    effectiveDate: run.scheduledDate,
    createdAt: deps.now(),
  });
  await writeAudit(deps.db, {
    organizationId: actor.organizationId,
    userId: actor.userId,
    action: 'payment_run.nacha_exported',
    entityType: 'payment_run',
    entityId: run.id,
    details: { entries: entries.length },
  });
  return { fileName: `payment-run-${run.scheduledDate}-${run.id.slice(0, 8)}.ach.txt`, content };
}
