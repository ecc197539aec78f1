import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, validationError } from './errors';

/** What one upload endpoint allows, and what it says when the file is missing or too large. */
export interface UploadRules {
  limits: { fileSize: number; files: number; fields: number; fieldSize: number; parts: number };
  tooLarge: string;
  fileRequired: string;
  /** Which is reported first when both are wrong; documents name the file first. */
  check?: 'file-first' | 'fields-first';
}

function multipartError(error: unknown, rules: UploadRules): AppError | null {
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', rules.tooLarge, { file: rules.tooLarge });
    case 'FST_FILES_LIMIT':
      return new AppError('VALIDATION', 'Please upload one file at a time', { file: 'Please upload one file at a time' });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('VALIDATION', rules.fileRequired, { file: rules.fileRequired });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('BAD_REQUEST', 'Too many fields in the upload');
    default:
      return (error as { statusCode?: number }).statusCode === 413
        ? new AppError('PAYLOAD_TOO_LARGE', rules.tooLarge, { file: rules.tooLarge })
        : null;
  }
}

/**
 * Reads a multipart upload: the field `file` and the text fields `fields` describes, in any order.
 * The file is buffered up to the rules' size; a longer one stops there and is refused with 413.
 * Used by every upload endpoint (documents, imports, bank statements).
 */
export async function readMultipartFile<Fields extends z.ZodType>(
  request: FastifyRequest,
  fields: Fields,
  rules: UploadRules,
): Promise<{ bytes: Buffer; fileName: string | undefined; fields: z.output<Fields> }> {
  let file: { bytes: Buffer; fileName: string } | null = null;
  const values: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: rules.limits })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', rules.tooLarge, { file: rules.tooLarge });
        if (part.fieldname === 'file') file = { bytes, fileName: part.filename };
      } else if (typeof part.value === 'string') {
        if (part.valueTruncated) throw new AppError('BAD_REQUEST', 'A field of the upload is too long');
        values[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw multipartError(error, rules) ?? new AppError('BAD_REQUEST', 'The upload could not be read');
  }
  const parsed = fields.safeParse(values);
  const missingFile = !file || file.bytes.length === 0;
  const fileFirst = rules.check === 'file-first';
  if (fileFirst && missingFile) throw new AppError('VALIDATION', rules.fileRequired, { file: rules.fileRequired });
  if (!parsed.success) throw validationError(parsed.error);
  if (!file || missingFile) throw new AppError('VALIDATION', rules.fileRequired, { file: rules.fileRequired });
  return { bytes: file.bytes, fileName: file.fileName || undefined, fields: parsed.data };
}
