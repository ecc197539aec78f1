import { z } from 'zod';
import { pageQuery } from './common';

/** CSV / Excel imports of the Integration Hub (issue 14). */
export const importEntities = ['customers', 'vendors', 'invoices', 'bills'] as const;
export type ImportEntity = (typeof importEntities)[number];

/** Whose column template the file follows: ours, QuickBooks Online's or Xero's import templates. */
export const importTemplates = ['generic', 'quickbooks_online', 'xero'] as const;
export type ImportTemplate = (typeof importTemplates)[number];

/** How day/month dates in the file are written; ISO days and timestamps are always read as such. */
export const importDateFormats = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY'] as const;
export type ImportDateFormat = (typeof importDateFormats)[number];

/** preview (checked, nothing written), committing (the job is writing), committed, failed (nothing written). */
export const importStatuses = ['preview', 'committing', 'committed', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;
export const importAccept = '.csv,.xlsx';

export const importMessages = {
  fileRequired: 'File is required',
  invalidType: 'Invalid file type: Please upload a .csv or .xlsx file.',
  tooLarge: 'File too large: Please upload a file smaller than 10MB.',
  tooManyRows: `Too many rows: a file can hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows. Split it into smaller files.`,
  noHeader: 'The file has no header row',
  noRows: 'The file has no data rows',
  hasErrors: 'Fix the errors in the file and upload it again before importing',
} as const;

/** {ourField: theirColumnHeader}; a field left out is not imported. */
export const importMappingSchema = z.record(z.string().max(100), z.string().max(300)).refine((value) => Object.keys(value).length <= 60, 'Too many mapped fields');
export type ImportMapping = z.infer<typeof importMappingSchema>;

const mappingText = z
  .string()
  .max(20_000)
  .optional()
  .transform((value, ctx): ImportMapping | undefined => {
    if (value === undefined || value.trim() === '') return undefined;
    let json: unknown;
    try {
      json = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Mapping must be a JSON object of field to column' });
      return z.NEVER;
    }
    const parsed = importMappingSchema.safeParse(json);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'Mapping must be a JSON object of field to column' });
      return z.NEVER;
    }
    return parsed.data;
  });

/** The text fields of POST /api/imports (multipart, next to `file`). */
export const importUploadFieldsSchema = z.object({
  entity: z.enum(importEntities, { message: 'Entity must be customers, vendors, invoices or bills' }),
  template: z.enum(importTemplates, { message: 'Template must be generic, quickbooks_online or xero' }).default('generic'),
  dateFormat: z.enum(importDateFormats, { message: 'Date format must be YYYY-MM-DD, MM/DD/YYYY or DD/MM/YYYY' }).optional(),
  mapping: mappingText,
});
export type ImportUploadFields = z.output<typeof importUploadFieldsSchema>;

/** PUT /api/imports/{id}/mapping: a new mapping and/or date format for the stored file. */
export const importRemapSchema = z.object({
  mapping: importMappingSchema.optional(),
  dateFormat: z.enum(importDateFormats, { message: 'Date format must be YYYY-MM-DD, MM/DD/YYYY or DD/MM/YYYY' }).nullish(),
});
export type ImportRemapInput = z.output<typeof importRemapSchema>;

export const importListQuery = pageQuery;

export const templateParams = z.object({
  template: z.enum(importTemplates, { message: 'Template must be generic, quickbooks_online or xero' }),
  file: z.string().regex(/^(customers|vendors|invoices|bills)\.csv$/, 'Unknown template file'),
});

export interface ImportField {
  field: string;
  label: string;
  required: boolean;
}

export interface ImportRowError {
  /** The row number in the file, the header being row 1. */
  row: number;
  field: string;
  message: string;
}

/** POST /api/imports, GET /api/imports/{id}: what the file will do when committed. */
export interface ImportPreview {
  id: string;
  entity: ImportEntity;
  template: ImportTemplate;
  fileName: string;
  status: ImportStatus;
  rowCount: number;
  columns: string[];
  mapping: ImportMapping;
  fields: ImportField[];
  /** The date format the dates were read with, and where it came from. */
  dateFormat: ImportDateFormat;
  dateFormatSource: 'chosen' | 'values' | 'template';
  /** The first 10 data rows, by our field names. */
  previewRows: { row: number; values: Record<string, string> }[];
  errors: ImportRowError[];
  errorCount: number;
  /** What a commit would do: records to create, and records already there, by kind. */
  summary: Record<string, number>;
  result: Record<string, number> | null;
  /** While committing: the file's rows written so far (in proportion to its records), of rowCount. */
  rowsDone: number;
  /** Why the commit failed (status failed); nothing was written. */
  commitError: string | null;
  createdAt: string;
  committedAt: string | null;
}

/** GET /api/imports: recent imports, newest first. */
export interface ImportListItem {
  id: string;
  entity: ImportEntity;
  template: ImportTemplate;
  fileName: string;
  status: ImportStatus;
  rowCount: number;
  errorCount: number;
  result: Record<string, number> | null;
  rowsDone: number;
  commitError: string | null;
  createdAt: string;
  committedAt: string | null;
}
