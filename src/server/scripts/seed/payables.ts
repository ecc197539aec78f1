import { addDays, format, subDays } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import { multiplyCents, percentOf } from '../../../shared/money';
import { billApprovals, users } from '../../db/schema';
import { hashPassword } from '../../platform/passwords';
import { approveRequest, rejectRequest } from '../../features/approvals/decide-request';
import { createWorkflow } from '../../features/approvals/workflows.service';
import type { BillRow } from '../../features/bills/bills.queries';
import { createBill } from '../../features/bills/bills.service';
import { createVendor } from '../../features/vendors/vendors.service';
import type { Vendor } from '../../../shared/contracts/vendors';
import type { SeedContext } from './seed-context';

/*
 * Vendors, approval rules, bills and approval decisions for the demo organization, through the
 * same services the API uses (encryption, totals, approval rounds, audit rows). Small functions,
 * so bank accounts and bill payments can be added beside them.
 */

export interface PayablesSeed {
  vendors: Vendor[];
  bills: BillRow[];
  /** The demo's second member: enters the bills, so the owner has requests to approve. */
  bookkeeperId: string;
}

const VENDORS: { name: string; email: string; city: string; state: string; paymentMethod: 'ach' | 'wire' | 'check' | 'card'; bankName?: string; accountNumber?: string; routingNumber?: string; wireInstructions?: string }[] = [
  { name: 'Pacific Office Supply', email: 'ar@pacificoffice.example', city: 'Portland', state: 'OR', paymentMethod: 'ach', bankName: 'Umpqua Bank', accountNumber: '4402198371', routingNumber: '123205054' },
  { name: 'Columbia Power & Light', email: 'billing@columbiapower.example', city: 'Vancouver', state: 'WA', paymentMethod: 'ach', bankName: 'U.S. Bank', accountNumber: '153910027788', routingNumber: '123000220' },
  { name: 'Rose City Property Partners', email: 'rent@rosecityprop.example', city: 'Portland', state: 'OR', paymentMethod: 'ach', bankName: 'Wells Fargo', accountNumber: '7730012459', routingNumber: '121000248' },
  { name: 'Cascade Legal LLP', email: 'accounts@cascadelegal.example', city: 'Seattle', state: 'WA', paymentMethod: 'wire', bankName: 'JPMorgan Chase', accountNumber: '900114527', routingNumber: '021000021', wireInstructions: 'Reference the bill number. Beneficiary: Cascade Legal LLP, 1201 3rd Ave, Seattle WA.' },
  { name: 'Northwest IT Services', email: 'invoices@nwit.example', city: 'Beaverton', state: 'OR', paymentMethod: 'ach', bankName: 'Bank of America', accountNumber: '004471928810', routingNumber: '026009593' },
  { name: 'Evergreen Insurance Agency', email: 'premiums@evergreenins.example', city: 'Salem', state: 'OR', paymentMethod: 'check' },
  { name: 'Cloudline Software', email: 'billing@cloudline.example', city: 'San Francisco', state: 'CA', paymentMethod: 'card' },
  { name: 'Green Leaf Janitorial', email: 'office@greenleafclean.example', city: 'Gresham', state: 'OR', paymentMethod: 'check' },
];

const BILL_LINES: Record<string, [description: string, unitCents: number, quantity: string][]> = {
  'Pacific Office Supply': [['Printer paper, case', 4599, '6'], ['Toner cartridges', 8950, '3']],
  'Columbia Power & Light': [['Electricity, monthly service', 41235, '1']],
  'Rose City Property Partners': [['Office rent', 385000, '1']],
  'Cascade Legal LLP': [['Contract review (hours)', 42500, '6.5']],
  'Northwest IT Services': [['Managed IT services', 125000, '1'], ['On-site support (hours)', 13500, '4']],
  'Evergreen Insurance Agency': [['Professional liability premium, quarterly', 218000, '1']],
  'Cloudline Software': [['Practice software seats', 4900, '12']],
  'Green Leaf Janitorial': [['Office cleaning, monthly', 68000, '1']],
};

const day = (date: Date) => format(date, 'yyyy-MM-dd');

export async function seedBookkeeper(context: SeedContext): Promise<string> {
  const [user] = await context.db
    .insert(users)
    .values({
      organizationId: context.organizationId,
      username: 'demo-bookkeeper',
      email: 'sam@northwind.example',
      passwordHash: await hashPassword('demo-password'),
      firstName: 'Sam',
      lastName: 'Carter',
      role: 'accountant',
      jobTitle: 'Bookkeeper',
    })
    .returning();
  if (!user) throw new Error('could not create the demo bookkeeper');
  return user.id;
}

export async function seedVendors(context: SeedContext): Promise<Vendor[]> {
  const actor = { organizationId: context.organizationId, userId: context.userId };
  const created: Vendor[] = [];
  for (const vendor of VENDORS) {
    created.push(
      await createVendor(
        context.db,
        actor,
        {
          name: vendor.name,
          email: vendor.email,
          phone: null,
          address: null,
          city: vendor.city,
          state: vendor.state,
          zipCode: null,
          country: 'US',
          taxId: null,
          paymentMethod: vendor.paymentMethod,
          bankName: vendor.bankName ?? null,
          accountNumber: vendor.accountNumber ?? null,
          routingNumber: vendor.routingNumber ?? null,
          wireInstructions: vendor.wireInstructions ?? null,
          isActive: true,
        },
        context.config.encryptionKey,
      ),
    );
  }
  return created;
}

/** Bills over $2,500 and every legal bill wait for the owner's approval. */
export async function seedApprovalRules(context: SeedContext, vendors: Vendor[]): Promise<void> {
  const actor = { organizationId: context.organizationId, userId: context.userId };
  const legal = vendors.find((vendor) => vendor.name === 'Cascade Legal LLP');
  await createWorkflow(context.db, actor, {
    name: 'Bills over $2,500',
    description: 'Large bills need the owner’s sign-off before payment.',
    triggerType: 'amount_over',
    triggerValue: '2500.00',
    approverIds: [context.userId],
    requireAllApprovers: false,
    isActive: true,
  });
  if (legal) {
    await createWorkflow(context.db, actor, {
      name: 'Legal fees',
      description: null,
      triggerType: 'vendor',
      triggerValue: legal.id,
      approverIds: [context.userId],
      requireAllApprovers: false,
      isActive: true,
    });
  }
}

/** Three months of bills per vendor, entered by the bookkeeper; older small ones already paid. */
export async function seedBills(context: SeedContext, vendors: Vendor[], bookkeeperId: string): Promise<BillRow[]> {
  const auth = { organizationId: context.organizationId, userId: bookkeeperId };
  const created: BillRow[] = [];
  for (const [vendorIndex, vendor] of vendors.entries()) {
    const lines = BILL_LINES[vendor.name] ?? [];
    for (let month = 2; month >= 0; month -= 1) {
      const billDate = subDays(context.now, month * 30 + vendorIndex * 2 + 3);
      const items = lines.map(([description, unitCents, quantity]) => {
        return { description, quantity, unitPrice: unitCents, totalPrice: multiplyCents(unitCents, quantity) };
      });
      const subtotal = items.reduce((sum, item) => sum + item.totalPrice, 0);
      const taxAmount = vendor.name === 'Pacific Office Supply' ? percentOf(subtotal, '8') : 0;
      const needsApproval = subtotal + taxAmount > 250000 || vendor.name === 'Cascade Legal LLP';
      created.push(
        await createBill(
          context.db,
          auth,
          {
            vendorId: vendor.id,
            billNumber: `${vendor.name.slice(0, 3).toUpperCase()}-${format(billDate, 'yyMM')}-${100 + vendorIndex}`,
            status: month === 2 && !needsApproval ? 'paid' : 'received',
            billDate: day(billDate),
            dueDate: day(addDays(billDate, 30)),
            subtotal,
            taxAmount,
            totalAmount: subtotal + taxAmount,
            notes: month === 0 ? `${format(billDate, 'MMMM')} ${lines[0]?.[0].toLowerCase() ?? 'services'}` : null,
            attachmentUrl: null,
            documentId: null,
            scheduledPaymentDate: null,
            items,
          },
          billDate,
        ),
      );
    }
  }
  return created;
}

/** The owner approved most older requests and sent one back; this month's wait on the Approvals page. */
export async function seedApprovalDecisions(context: SeedContext, bills: BillRow[]): Promise<void> {
  const auth = { organizationId: context.organizationId, userId: context.userId };
  const waiting = bills.filter((bill) => bill.approvalStatus === 'pending');
  const older = waiting.filter((bill) => bill.billDate < day(subDays(context.now, 25)));
  for (const [index, bill] of older.entries()) {
    const [request] = await context.db
      .select({ id: billApprovals.id })
      .from(billApprovals)
      .where(and(eq(billApprovals.billId, bill.id), eq(billApprovals.status, 'pending')))
      .limit(1);
    if (!request) continue;
    const when = addDays(new Date(`${bill.billDate}T15:00:00Z`), 2);
    if (index === older.length - 1) await rejectRequest(context.db, auth, request.id, 'Hours look high for this matter; please ask for a breakdown.', when);
    else await approveRequest(context.db, auth, request.id, index % 2 === 0 ? 'OK to pay' : null, when);
  }
}

export async function seedPayables(context: SeedContext): Promise<PayablesSeed> {
  const bookkeeperId = await seedBookkeeper(context);
  const vendors = await seedVendors(context);
  await seedApprovalRules(context, vendors);
  const bills = await seedBills(context, vendors, bookkeeperId);
  await seedApprovalDecisions(context, bills);
  return { vendors, bills, bookkeeperId };
}
