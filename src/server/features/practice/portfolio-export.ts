import { centsFromDecimal } from '../../../shared/money';
import { asBillingFrequency, billedFee } from '../../../shared/practice-fees';
import type { Database } from '../../db/client';
import { organizationTimeZone } from '../../platform/calendar';
import { type CsvColumn, moneyCell, toCsv } from '../../platform/csv';
import type { FirmActor } from './create-client';
import { findClientsForExport } from './portfolio.queries';
import { type CustomerRow, type WorkflowRow, completionPercentage } from './practice.queries';

type ExportRow = { customer: CustomerRow; workflow: WorkflowRow | null };

const fee = (row: ExportRow) => centsFromDecimal(row.customer.monthlyFee ?? '0');

/** The columns of Export Data: what the portfolio shows, plus contact, billing and tags. */
const columns: readonly CsvColumn<ExportRow>[] = [
  { header: 'Name', value: ({ customer }) => customer.name },
  { header: 'Email', value: ({ customer }) => customer.email },
  { header: 'Phone', value: ({ customer }) => customer.phone },
  { header: 'Industry', value: ({ customer }) => customer.industry },
  { header: 'Contact Name', value: ({ customer }) => customer.primaryContactName },
  { header: 'Contact Email', value: ({ customer }) => customer.primaryContactEmail },
  { header: 'Service Level', value: ({ customer }) => customer.serviceLevel },
  { header: 'Monthly Fee', value: (row) => moneyCell(fee(row)) },
  { header: 'Billing Frequency', value: ({ customer }) => customer.billingFrequency },
  { header: 'Billed Fee', value: (row) => moneyCell(billedFee(fee(row), asBillingFrequency(row.customer.billingFrequency))) },
  { header: 'Onboarding Status', value: ({ customer }) => customer.onboardingStatus },
  { header: 'Onboarding Progress (%)', value: ({ workflow }) => completionPercentage(workflow) },
  { header: 'Status', value: ({ customer }) => (customer.isActive ? 'active' : 'deactivated') },
  { header: 'Client Since', value: ({ customer }) => customer.relationshipStartDate },
  { header: 'Accounting Software', value: ({ customer }) => customer.accountingSoftware },
  { header: 'Tags', value: ({ customer }) => customer.tags.join('; ') },
];

/** The portfolio (or the selected clients) as CSV text; null when a selected id is not one the member may see. */
export async function portfolioCsv(db: Database, actor: FirmActor, ids: string[] | undefined): Promise<{ text: string; timeZone: string } | null> {
  const rows = await findClientsForExport(db, actor, ids);
  if (rows === null) return null;
  return { text: toCsv(columns, rows, { purpose: 'spreadsheet' }), timeZone: await organizationTimeZone(db, actor.firmId) };
}
