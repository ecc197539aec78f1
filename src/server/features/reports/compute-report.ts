import { eq } from 'drizzle-orm';
import type { ReportFigures, ReportFilters, ReportType } from '../../../shared/contracts/reports';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { bankReconciliationReport } from './bank-reconciliation-report';
import { clientOnboarding } from './client-onboarding';
import { clientProfitability } from './client-profitability';
import { invoiceAging } from './invoice-aging';
import { paymentTrends } from './payment-trends';
import type { ReportScope } from './report-sql';
import { revenueSummary } from './revenue-summary';
import { vendorSpending } from './vendor-spending';

/** The organization's name, time zone and currency, which every report and download needs. */
export async function loadReportOrganization(db: Database, organizationId: string) {
  const [organization] = await db
    .select({ name: organizations.name, timeZone: organizations.timeZone, currency: organizations.currency })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!organization) throw notFound('Organization');
  return organization;
}

/** One report's figures, every one an SQL aggregate over the organization's rows in the period. */
export async function computeReport(db: Database, type: ReportType, scope: ReportScope, filters: ReportFilters, currency: string): Promise<ReportFigures> {
  switch (type) {
    case 'revenue_summary':
      return revenueSummary(db, scope, filters, currency);
    case 'client_profitability':
      return clientProfitability(db, scope, filters, currency);
    case 'invoice_aging':
      return invoiceAging(db, scope, filters, currency);
    case 'payment_trends':
      return paymentTrends(db, scope, currency);
    case 'client_onboarding':
      return clientOnboarding(db, scope, currency);
    case 'vendor_spending':
      return vendorSpending(db, scope, filters, currency);
    case 'bank_reconciliation':
      return bankReconciliationReport(db, scope, currency);
  }
}
