/**
 * The 1099 reporting thresholds, in cents, by tax year (issue 32): the one table every 1099 figure
 * reads. A payee gets a form when the payments in a box reach that box's threshold.
 *
 * Sources:
 * - Through tax year 2025: IRS, "Instructions for Forms 1099-MISC and 1099-NEC" (Rev. January 2024):
 *   $600 for nonemployee compensation, rents, other income, medical and health care payments and
 *   gross proceeds paid to an attorney; $10 for royalties.
 * - From tax year 2026: Public Law 119-21 (the "One Big Beautiful Bill Act") section 70433 raises
 *   the $600 of IRC 6041(a) and 6041A(a) to $2,000 for payments made after December 31, 2025
 *   (adjusted for inflation after 2026; add the IRS figure here as each year's instructions
 *   publish it). Royalties stay at $10. Gross proceeds to an attorney (IRC 6045(f)) are reported
 *   from $600 by regulation and were not amended.
 */
import type { Form1099Box } from './contracts/tax-1099';

export interface ThresholdRow {
  /** First tax year the row applies to; it holds until the next row's year. */
  fromYear: number;
  cents: Record<Form1099Box, number>;
  source: string;
}

export const TAX_1099_THRESHOLDS: readonly ThresholdRow[] = [
  {
    fromYear: 2000,
    cents: { nec_1: 60_000, misc_1: 60_000, misc_2: 1_000, misc_3: 60_000, misc_6: 60_000, misc_10: 60_000 },
    source: 'IRS Instructions for Forms 1099-MISC and 1099-NEC (Rev. January 2024)',
  },
  {
    fromYear: 2026,
    cents: { nec_1: 200_000, misc_1: 200_000, misc_2: 1_000, misc_3: 200_000, misc_6: 200_000, misc_10: 60_000 },
    source: 'Public Law 119-21 section 70433 (IRC 6041(a), 6041A(a) raised to $2,000 for payments after 2025)',
  },
];

/** The threshold row for a tax year. */
export function thresholdsFor(taxYear: number): ThresholdRow {
  const [first, ...later] = TAX_1099_THRESHOLDS;
  if (!first) throw new Error('No 1099 thresholds');
  let chosen = first;
  for (const row of later) if (row.fromYear <= taxYear) chosen = row;
  return chosen;
}
