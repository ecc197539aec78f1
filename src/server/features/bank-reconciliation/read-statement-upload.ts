import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_STATEMENT_BYTES, bankStatementFormats, csvStatementMappingSchema } from '../../../shared/contracts/bank-reconciliation';
import { readMultipartFile } from '../../platform/multipart';
import type { StatementUpload } from './import-statement';

/** One file of at most 20 MB and a few short text fields (the CSV mapping is JSON). */
export const statementUploadLimits = { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 5, fieldSize: 10_000, parts: 8 } as const;

const CHUNK = 64 * 1024;

export const tooLargeMessage = 'The file is larger than 20 MB: split it by date and import the parts';
const fileRequired = 'Choose a statement file to import';

const fieldsSchema = z.object({
  format: z.enum(bankStatementFormats.filter((format) => format !== 'plaid') as ['ofx', 'camt053', 'camt054', 'bai2', 'csv'], { message: 'Unknown format' }).optional(),
  mapping: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'The column mapping is not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(csvStatementMappingSchema.optional()),
  confirmAccount: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/**
 * POST /api/bank-accounts/{id}/statements[/preview]: the field `file` and the text fields format,
 * mapping and confirmAccount, in any order. The file (20 MB at most) is kept as its bytes and
 * handed to the parsers in 64 KB chunks, never decoded as one string.
 */
export async function readStatementUpload(request: FastifyRequest): Promise<StatementUpload> {
  const { bytes, fileName, fields } = await readMultipartFile(request, fieldsSchema, {
    limits: statementUploadLimits,
    tooLarge: tooLargeMessage,
    fileRequired,
  });
  return {
    source: {
      fileName: fileName || 'statement',
      async *read() {
        for (let start = 0; start < bytes.length; start += CHUNK) yield bytes.subarray(start, start + CHUNK);
      },
    },
    format: fields.format,
    mapping: fields.mapping,
    confirmAccount: fields.confirmAccount,
  };
}
