import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_STATEMENT_BYTES, bankStatementFormats, csvStatementMappingSchema } from '../../../shared/contracts/bank-reconciliation';
import { AppError, validationError } from '../../platform/errors';
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

function multipartError(error: unknown): AppError | null {
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage, { file: tooLargeMessage });
    case 'FST_FILES_LIMIT':
      return new AppError('VALIDATION', 'Please upload one file at a time', { file: 'Please upload one file at a time' });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('VALIDATION', fileRequired, { file: fileRequired });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('BAD_REQUEST', 'Too many fields in the upload');
    default:
      return (error as { statusCode?: number }).statusCode === 413 ? new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage, { file: tooLargeMessage }) : null;
  }
}

/**
 * POST /api/bank-accounts/{id}/statements[/preview]: the field `file` and the text fields format,
 * mapping and confirmAccount, in any order. The file (20 MB at most) is kept as its bytes and
 * handed to the parsers in 64 KB chunks, never decoded as one string.
 */
export async function readStatementUpload(request: FastifyRequest): Promise<StatementUpload> {
  let file: { bytes: Buffer; fileName: string } | null = null;
  const values: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: statementUploadLimits })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage, { file: tooLargeMessage });
        if (part.fieldname === 'file') file = { bytes, fileName: part.filename };
      } else if (typeof part.value === 'string') {
        if (part.valueTruncated) throw new AppError('BAD_REQUEST', 'A field of the upload is too long');
        values[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw multipartError(error) ?? new AppError('BAD_REQUEST', 'The upload could not be read');
  }
  const parsed = fieldsSchema.safeParse(values);
  if (!parsed.success) throw validationError(parsed.error);
  if (!file || file.bytes.length === 0) throw new AppError('VALIDATION', fileRequired, { file: fileRequired });
  const { bytes, fileName } = file;
  return {
    source: {
      fileName: fileName || 'statement',
      async *read() {
        for (let start = 0; start < bytes.length; start += CHUNK) yield bytes.subarray(start, start + CHUNK);
      },
    },
    format: parsed.data.format,
    mapping: parsed.data.mapping,
    confirmAccount: parsed.data.confirmAccount,
  };
}
