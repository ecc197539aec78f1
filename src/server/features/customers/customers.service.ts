import { and, eq } from 'drizzle-orm';
import type { PartialBody } from '../../../shared/contracts/common';
import { type Customer, type CustomerInput, customerInputSchema } from '../../../shared/contracts/customers';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema';
import { organizationTimeZone, toOptionalOrganizationDay } from '../../platform/calendar';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import { mergeUpdate, storedFields } from '../../platform/partial-update';
import {
  customerHasInvoices,
  customerValues,
  findCustomer,
  findCustomerByEmail,
  toCustomerDto,
} from './customers.queries';

export interface Actor {
  organizationId: string;
  userId: string | null;
}

/** The customer's dates as the organization's days (the contract lets them be timestamps). */
async function withOrganizationDays(db: Database, organizationId: string, input: CustomerInput): Promise<CustomerInput> {
  const timeZone = await organizationTimeZone(db, organizationId);
  return {
    ...input,
    relationshipStartDate: toOptionalOrganizationDay(input.relationshipStartDate, timeZone),
    nextBillingDate: toOptionalOrganizationDay(input.nextBillingDate, timeZone),
  };
}

const duplicateEmail = () =>
  new AppError('CONFLICT', 'A customer with this email already exists', { email: 'A customer with this email already exists' });

export async function createCustomer(db: Database, actor: Actor, received: CustomerInput): Promise<Customer> {
  const input = await withOrganizationDays(db, actor.organizationId, received);
  if (await findCustomerByEmail(db, actor.organizationId, input.email)) throw duplicateEmail();
  try {
    const [row] = await db
      .insert(customers)
      .values({ ...customerValues(input), organizationId: actor.organizationId, userId: actor.userId })
      .returning();
    if (!row) throw new Error('customer insert returned nothing');
    // A customer just made has no credit notes or overpayments yet.
    return toCustomerDto({ ...row, unappliedCredit: '0.00' });
  } catch (error) {
    if (isUniqueViolation(error, 'customers_org_email_key')) throw duplicateEmail();
    throw error;
  }
}

export async function updateCustomer(db: Database, actor: Actor, id: string, body: PartialBody): Promise<Customer> {
  try {
    return await db.transaction(async (tx) => {
      const existing = await findCustomer(tx, actor.organizationId, id, { lock: true });
      if (!existing) throw notFound('Customer');
      const input = await withOrganizationDays(tx, actor.organizationId, mergeUpdate(customerInputSchema, storedFields(existing, customerInputSchema), body));
      const sameEmail = await findCustomerByEmail(tx, actor.organizationId, input.email);
      if (sameEmail && sameEmail.id !== id) throw duplicateEmail();
      const [row] = await tx
        .update(customers)
        .set({ ...customerValues(input), updatedAt: new Date() })
        .where(and(eq(customers.organizationId, actor.organizationId), eq(customers.id, id)))
        .returning();
      if (!row) throw notFound('Customer');
      // Read back for the derived currentBalance (customerBalanceSql).
      const updated = await findCustomer(tx, actor.organizationId, id);
      if (!updated) throw notFound('Customer');
      return toCustomerDto(updated);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'customers_org_email_key')) throw duplicateEmail();
    throw error;
  }
}

const hasInvoices = () =>
  new AppError('CONFLICT', 'This customer has invoices and cannot be deleted. Deactivate it instead.');

/** Invoices keep their customer: a customer with invoices is deactivated, never deleted. */
export async function deleteCustomer(db: Database, actor: Actor, id: string): Promise<void> {
  const existing = await findCustomer(db, actor.organizationId, id);
  if (!existing) throw notFound('Customer');
  if (await customerHasInvoices(db, actor.organizationId, id)) throw hasInvoices();
  try {
    await db.delete(customers).where(and(eq(customers.organizationId, actor.organizationId), eq(customers.id, id)));
  } catch (error) {
    // An invoice created between the check and the delete: the foreign key refuses.
    if (isForeignKeyViolation(error)) throw hasInvoices();
    throw error;
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth += 1) {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
