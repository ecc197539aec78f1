import { and, eq, inArray } from 'drizzle-orm';
import { addBankingDays, isBankingDay } from '../../../shared/calendar';
import { vendorAchSettings } from '../../db/schema';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';

/** NACHA Operating Rules 2.6.3: live entries may go from the third banking day after a prenote settles. */
export const PRENOTE_WAIT_BANKING_DAYS = 3;

/** The day an entry with this effective date settles: a weekend or holiday settles the next banking day. */
export function settlementDay(effectiveDate: string): string {
  return isBankingDay(effectiveDate) ? effectiveDate : addBankingDays(effectiveDate, 1);
}

/** The first effective date a live entry may carry after a prenote with this effective date. */
export function firstLiveDay(prenoteEffectiveDate: string): string {
  return addBankingDays(settlementDay(prenoteEffectiveDate), PRENOTE_WAIT_BANKING_DAYS);
}

/**
 * Refuses a file whose live entries go to a vendor whose prenote is still pending (it would ride
 * in this same file) or settles less than three banking days before the file's effective date.
 * Every such vendor is named.
 */
export async function assertPrenotesSettled(
  tx: Database,
  organizationId: string,
  liveVendors: Array<{ id: string; name: string }>,
  effectiveDate: string,
): Promise<void> {
  if (liveVendors.length === 0) return;
  const settings = await tx
    .select({ vendorId: vendorAchSettings.vendorId, status: vendorAchSettings.prenoteStatus, sentOn: vendorAchSettings.prenoteSentOn })
    .from(vendorAchSettings)
    .where(
      and(
        eq(vendorAchSettings.organizationId, organizationId),
        inArray(
          vendorAchSettings.vendorId,
          liveVendors.map((vendor) => vendor.id),
        ),
      ),
    );
  const byVendor = new Map(settings.map((row) => [row.vendorId, row]));
  const problems: string[] = [];
  const byName = [...liveVendors].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  for (const vendor of byName) {
    const row = byVendor.get(vendor.id);
    if (row?.status === 'pending') {
      problems.push(
        `Send ${vendor.name}'s prenote first: Bank Accounts > ACH settings > Download prenote file. Live payments may go three banking days after it settles.`,
      );
    } else if (row?.status === 'sent' && row.sentOn) {
      const allowed = firstLiveDay(row.sentOn);
      if (effectiveDate < allowed) {
        problems.push(
          `${vendor.name}'s prenote settles on ${settlementDay(row.sentOn)}: live payments may go from ${allowed}. Move the payment date or wait.`,
        );
      }
    }
  }
  if (problems.length > 0) throw new AppError('ACH_PRENOTE_WAITING', problems.join(' '));
}
