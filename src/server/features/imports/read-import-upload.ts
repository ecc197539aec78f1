import type { FastifyRequest } from 'fastify';
import { MAX_IMPORT_BYTES, type ImportUploadFields, importMessages, importUploadFieldsSchema } from '../../../shared/contracts/imports';
import { AppError, validationError } from '../../platform/errors';

/** Limits for @fastify/multipart in this feature: one file of at most 10 MB, a few text fields (the mapping is JSON). */
export const importUploadLimits = { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 6, fieldSize: 20_000, parts: 10 } as const;

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', importMessages.tooLarge, { file: importMessages.tooLarge });

function multipartError(error: unknown): AppError | null {
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return new AppError('VALIDATION', 'Please upload one file at a time', { file: 'Please upload one file at a time' });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('VALIDATION', importMessages.fileRequired, { file: importMessages.fileRequired });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('BAD_REQUEST', 'Too many fields in the upload');
    default:
      return (error as { statusCode?: number }).statusCode === 413 ? tooLarge() : null;
  }
}

/** POST /api/imports: the field `file` and the text fields entity, template, dateFormat, mapping, in any order. */
export async function readImportUpload(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string; fields: ImportUploadFields }> {
  let file: { bytes: Buffer; fileName: string } | null = null;
  const values: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: importUploadLimits })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
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
  const parsed = importUploadFieldsSchema.safeParse(values);
  if (!parsed.success) throw validationError(parsed.error);
  if (!file || file.bytes.length === 0) throw new AppError('VALIDATION', importMessages.fileRequired, { file: importMessages.fileRequired });
  return { bytes: file.bytes, fileName: file.fileName || 'import.csv', fields: parsed.data };
}
