import { Readable } from 'node:stream';
import JSZip from 'jszip';
import { and, eq } from 'drizzle-orm';
import { type ReportDownloadFormat, type ReportFigures, type ReportFilters, reportCatalogue, reportTypes } from '../../../shared/contracts/reports';
import type { Database } from '../../db/client';
import { customers, vendors } from '../../db/schema';
import { computeReport } from './compute-report';
import { type ReportHeading, reportFileName } from './report-cells';
import { reportCsv } from './report-csv';
import { reportPdf } from './report-pdf';
import { reportXlsx } from './report-xlsx';
import type { PreparedReport } from './reports.service';

export const CONTENT_TYPES: Record<ReportDownloadFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** "Customer: Acme Corp; Status: sent", naming the chosen records; null without filters. */
export async function describeFilters(db: Database, organizationId: string, filters: ReportFilters): Promise<string | null> {
  const parts: string[] = [];
  if (filters.customerId) {
    const [row] = await db.select({ name: customers.name }).from(customers).where(and(eq(customers.id, filters.customerId), eq(customers.organizationId, organizationId))).limit(1);
    parts.push(`Customer: ${row?.name ?? 'removed'}`);
  }
  if (filters.vendorId) {
    const [row] = await db.select({ name: vendors.name }).from(vendors).where(and(eq(vendors.id, filters.vendorId), eq(vendors.organizationId, organizationId))).limit(1);
    parts.push(`Vendor: ${row?.name ?? 'removed'}`);
  }
  if (filters.status) parts.push(`Status: ${filters.status}`);
  return parts.length ? parts.join('; ') : null;
}

/** The file of one report in one format, streamed (CSV, XLSX, PDF). */
export async function renderReport(format: ReportDownloadFormat, heading: ReportHeading, figures: ReportFigures): Promise<Readable> {
  if (format === 'csv') return reportCsv(heading, figures);
  if (format === 'xlsx') return reportXlsx(heading, figures);
  return reportPdf(heading, figures);
}

/**
 * Export All Reports: the six reports of one period, each as CSV, XLSX and PDF, in one ZIP. The
 * figures are computed before the answer starts, so a failed computation reaches the error
 * handler (a generic 500) instead of breaking a stream Fastify already holds (whose error text
 * went to the client); the files are then written into the ZIP as it streams.
 */
export async function exportAllZip(db: Database, prepared: PreparedReport): Promise<Readable> {
  const { scope, organization } = prepared;
  const computed: { type: (typeof reportTypes)[number]; figures: ReportFigures }[] = [];
  for (const type of reportTypes) computed.push({ type, figures: await computeReport(db, type, scope, {}, organization.currency) });
  const zip = new JSZip();
  for (const { type, figures } of computed) {
    const heading: ReportHeading = { organizationName: organization.name, title: reportCatalogue[type].name, from: scope.from, to: scope.to, currency: organization.currency, filters: null };
    for (const format of ['csv', 'xlsx', 'pdf'] as const) {
      zip.file(reportFileName(heading.title, scope.from, scope.to, format), await renderReport(format, heading, figures));
    }
  }
  return new Readable().wrap(zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE', compressionOptions: { level: 6 } }));
}
