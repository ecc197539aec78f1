import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customers, invoices, organizations, paymentLinks } from '../../db/schema';
import { isUuid } from '../../db/query-helpers';


/** The invoice a link is for, scoped by organization, locked for the rest of the transaction. */
export async function findInvoiceForLink(db: Database, params: { organizationId: string; invoiceId: string }) {
  if (!isUuid(params.invoiceId)) return null;
  const [row] = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      status: invoices.status,
      customerId: invoices.customerId,
      totalAmount: invoices.totalAmount,
      amountPaid: invoices.amountPaid,
    })
    .from(invoices)
    .where(and(eq(invoices.id, params.invoiceId), eq(invoices.organizationId, params.organizationId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function findActiveLink(db: Database, params: { organizationId: string; invoiceId: string }) {
  const [row] = await db
    .select()
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.organizationId, params.organizationId),
        eq(paymentLinks.invoiceId, params.invoiceId),
        eq(paymentLinks.status, 'active'),
      ),
    )
    .orderBy(desc(paymentLinks.createdAt))
    .limit(1);
  return row ?? null;
}

/** A link by its public id, with what the payment page needs to show and charge. */
export async function findLinkForCheckout(db: Database, linkId: string) {
  const [row] = await db
    .select({
      link: paymentLinks,
      invoiceNumber: invoices.invoiceNumber,
      invoiceStatus: invoices.status,
      totalAmount: invoices.totalAmount,
      amountPaid: invoices.amountPaid,
      organizationName: organizations.name,
      currency: organizations.currency,
      customerName: customers.name,
    })
    .from(paymentLinks)
    .innerJoin(invoices, eq(invoices.id, paymentLinks.invoiceId))
    .innerJoin(organizations, eq(organizations.id, paymentLinks.organizationId))
    .leftJoin(customers, eq(customers.id, invoices.customerId))
    .where(eq(paymentLinks.linkId, linkId))
    .limit(1);
  return row ?? null;
}

export type CheckoutLinkRow = NonNullable<Awaited<ReturnType<typeof findLinkForCheckout>>>;
