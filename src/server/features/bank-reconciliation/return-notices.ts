import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bills, users, vendors } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';

export interface ReturnNotice {
  organizationId: string;
  billId: string;
  paymentId: string;
  failureReason: string;
}

/** Who hears of a returned payment: the bill's approvers, or the workspace's owners when it had none. */
async function recipients(db: Database, organizationId: string, approverIds: readonly string[]): Promise<string[]> {
  const named = approverIds.length
    ? await db.select({ email: users.email }).from(users).where(and(inArray(users.id, [...approverIds]), eq(users.isActive, true)))
    : [];
  if (named.length) return named.map((row) => row.email);
  const owners = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'owner'), eq(users.isActive, true)));
  return owners.map((row) => row.email);
}

/**
 * Mails the approver of each bill whose payment came back (after the match's transaction has
 * committed: a mail is never sent for a change that rolled back). A mail that fails is logged by
 * the caller's logger only; the return itself stands.
 */
export async function sendReturnNotices(deps: Pick<AppDeps, 'db' | 'mail'>, notices: readonly ReturnNotice[]): Promise<number> {
  let sent = 0;
  for (const notice of notices) {
    const [bill] = await deps.db
      .select({ billNumber: bills.billNumber, totalAmount: bills.totalAmount, approvalPlan: bills.approvalPlan, vendorName: vendors.name })
      .from(bills)
      .innerJoin(vendors, eq(vendors.id, bills.vendorId))
      .where(and(eq(bills.organizationId, notice.organizationId), eq(bills.id, notice.billId)));
    if (!bill) continue;
    const approverIds = [...new Set(bill.approvalPlan.flatMap((step) => step.approverIds))];
    for (const to of await recipients(deps.db, notice.organizationId, approverIds)) {
      const sentMail = deps.mail.send({
        to,
        subject: `Payment of bill ${bill.billNumber} to ${bill.vendorName} was returned`,
        text: [
          `The bank returned the payment of bill ${bill.billNumber} to ${bill.vendorName}: ${notice.failureReason}.`,
          '',
          'The payment is marked failed and the bill is open again. Check the vendor\'s bank details and schedule the payment again.',
        ].join('\n'),
      });
      // The return is committed; a mail server that is down must not turn it into an error.
      if (await sentMail.then(() => true, () => false)) sent += 1;
    }
  }
  return sent;
}
