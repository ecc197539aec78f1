import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TaxClassification, Vendor1099Box } from '../../../shared/contracts/tax-1099';
import { bills, payments, vendors } from '../../db/schema';
import type { TestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { billOf, vendorPayload } from '../bills/payables-fixtures';
import { storeTin } from './tin-store';

/** Test data for the 1099 tests: vendors through the API, their W-9 as the vendor form stores it, paid bills. */

export async function vendorNamed(t: TestApp, as: SignedIn, name: string): Promise<string> {
  const response = await as.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload({ name }) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

export interface W9Facts {
  legalName?: string;
  taxClassification?: TaxClassification;
  llcTaxClassification?: 'C' | 'S' | 'P';
  tinType?: 'ssn' | 'ein';
  tin?: string;
  address?: boolean;
  receivedAt?: Date;
  isAttorney?: boolean;
  form1099Box?: Vendor1099Box;
  consentEmail?: string;
}

/** The W-9 fields a completed vendor form (or an applied upload) leaves on the vendor. */
export async function giveW9(t: TestApp, vendorId: string, facts: W9Facts): Promise<void> {
  const tin = facts.tin ? storeTin(t.deps.config.encryptionKey, facts.tinType ?? 'ssn', facts.tin) : null;
  await t.deps.db
    .update(vendors)
    .set({
      legalName: facts.legalName ?? null,
      taxClassification: facts.taxClassification ?? 'individual',
      llcTaxClassification: facts.llcTaxClassification ?? null,
      ...(tin ?? {}),
      w9ReceivedAt: facts.receivedAt ?? new Date('2026-02-01T12:00:00Z'),
      w9Source: 'form',
      ...(facts.address === false ? {} : { address: '12 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' }),
      isAttorney: facts.isAttorney ?? false,
      form1099Box: facts.form1099Box ?? null,
      ...(facts.consentEmail ? { form1099EmailConsentAt: new Date('2026-02-01T12:00:00Z'), form1099EmailConsentEmail: facts.consentEmail } : {}),
    })
    .where(eq(vendors.id, vendorId));
}

/**
 * A bill for the amount and its completed payment, processed at the instant given (as the payment
 * run's processing stamps it). The category is what a bill created from a bank line carries.
 */
export async function paidBill(
  t: TestApp,
  as: SignedIn,
  vendorId: string,
  amount: string,
  processedAt: string,
  options: { method?: 'ach' | 'wire' | 'check' | 'card' | 'stripe'; category?: string } = {},
): Promise<{ billId: string; paymentId: string }> {
  const day = processedAt.slice(0, 10);
  const response = await as.request({ method: 'POST', url: '/api/bills', payload: billOf(vendorId, amount, { billDate: day, dueDate: day }) });
  expect(response.statusCode, response.body).toBe(201);
  const billId = response.json<{ id: string }>().id;
  await t.deps.db
    .update(bills)
    .set({ status: 'paid', paidAt: new Date(processedAt), ...(options.category ? { category: options.category } : {}) })
    .where(eq(bills.id, billId));
  const [payment] = await t.deps.db
    .insert(payments)
    .values({
      organizationId: as.user.organizationId,
      type: 'bill_payment',
      referenceId: billId,
      amount,
      method: options.method ?? 'ach',
      status: 'completed',
      scheduledDate: day,
      processedAt: new Date(processedAt),
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error('payment insert returned nothing');
  return { billId, paymentId: payment.id };
}
